import { FEED_TEXT_MAX_LENGTH, type FeedPost, plural } from '@parlor/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import card from '../../ui/Card.module.css';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { IconButton } from '../../ui/IconButton';
import { CoinsIcon, LockIcon, MoreIcon, PinIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { TextAreaField } from '../../ui/TextAreaField';
import { useDismiss } from '../../ui/useDismiss';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectToken, selectUser } from '../auth/authSlice';
import { formatChatTime } from '../chats/relativeTime';
import { signInFor } from '../guest/guestPaths';
import { LockedPreview } from '../media/LockedPreview';
import { OpenableMedia } from '../media/MediaBubble';
import { useSpendConfirm } from '../payments/spendConfirm';
import { ScheduleField } from '../scheduling/ScheduleField';
import { checkSchedule, scheduledText, scheduleInputOf } from '../scheduling/scheduleTime';
import { feedMediaBox } from './feedLayout';
import { buyPost, deletePost, updatePost } from './feedThunks';
import styles from './PostCard.module.css';

const SUBSCRIBE_HINT = 'Subscribe to see this post.';
const UNLOCK_OFFLINE = 'Unlock failed. Check your connection and try again.';

/**
 * One post: who posted it and when, its text and photo or video, and its markers (pinned, for
 * subscribers). A locked post shows only its blurred preview with its price and Unlock, or, for a
 * post for subscribers, a hint to subscribe. The owner edits, pins, changes privacy or deletes it.
 * `subscribed` is known on a creator's page (null in the home feed).
 */
export function PostCard({ post, subscribed = null }: { post: FeedPost; subscribed?: boolean | null }) {
  const me = useAppSelector(selectUser)?._id;
  const mine = post.model._id === me;
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const profile = `/${post.model.username}`;

  return (
    <article className={`${card.card} ${styles.card}`} aria-labelledby={headingId} data-testid="feed-post">
      <header className={styles.head}>
        <Link to={profile} className={styles.author}>
          <Avatar name={post.model.username} src={post.model.avatar} size={40} />
          <span className={styles.authorText}>
            <span id={headingId} className={styles.username}>
              {post.model.username}
            </span>
            <time
              className={styles.time}
              dateTime={post.created_at}
              title={new Date(post.created_at).toLocaleString()}
            >
              {formatChatTime(post.created_at)}
            </time>
          </span>
        </Link>
        <span className={styles.markers}>
          {post.status === 'scheduled' && post.publish_at && (
            <span className={`${styles.marker} ${styles.scheduled}`} data-testid="scheduled-badge">
              Scheduled for <time dateTime={post.publish_at}>{scheduledText(post.publish_at)}</time>
            </span>
          )}
          {post.pinned && (
            <span className={styles.marker}>
              <PinIcon size={14} /> Pinned
            </span>
          )}
          {post.price > 0 && !post.locked && (
            <span className={styles.marker}>
              <CoinsIcon size={14} /> {plural(post.price, 'credit')}
            </span>
          )}
          {post.private_feed && (
            <span className={styles.marker}>
              <LockIcon size={14} /> Subscribers
            </span>
          )}
        </span>
        {mine && <OwnerMenu post={post} onEdit={() => setEditing(true)} />}
      </header>
      {editing ? (
        <EditText post={post} onDone={() => setEditing(false)} />
      ) : (
        post.text && <p className={styles.text}>{post.text}</p>
      )}
      <PostMedia post={post} subscribed={subscribed} profile={profile} />
    </article>
  );
}

function PostMedia({
  post,
  subscribed,
  profile,
}: {
  post: FeedPost;
  subscribed: boolean | null;
  profile: string;
}) {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectToken) !== null;
  const [buying, setBuying] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; subscribe: boolean } | null>(null);
  const { confirmSpend, dialog } = useSpendConfirm();
  const media = post.media;
  const kind = post.type === 'video' || media?.video_length != null ? 'video' : 'image';
  // A private post whose price alone would not unlock it: subscribing comes first.
  const needsSubscription = post.locked && post.private_feed && (post.price === 0 || subscribed === false);

  if (post.locked && !media) {
    // A text post for subscribers: its text is not sent to anyone else.
    return (
      <div className={styles.lockedText} data-testid="locked-post">
        <LockIcon size={20} />
        <p>{SUBSCRIBE_HINT}</p>
        <Link to={profile} className={styles.hintLink}>
          Visit {post.model.username}
        </Link>
      </div>
    );
  }
  if (!media) return null;
  const box = feedMediaBox(media.width, media.height);
  if (!post.locked) {
    return (
      <OpenableMedia
        media={media}
        kind={kind}
        className={styles.media}
        style={box}
        sizes="(max-width: 640px) 100vw, 600px"
        data-testid="feed-media"
      />
    );
  }
  const unlock = async () => {
    // A visitor has no credits to spend: sign in first, then back to this page.
    if (!signedIn) {
      navigate(signInFor(pathname));
      return;
    }
    if (!(await confirmSpend({ amount: post.price, what: `a post by ${post.model.username}` }))) return;
    setBuying(true);
    setRefusal(null);
    const result = await dispatch(buyPost(post));
    setBuying(false);
    // 402 opened the not-enough-credits popup; anything else is said on the post.
    if (!result.ok && result.status !== 402) {
      setRefusal({
        message: result.status === 0 ? UNLOCK_OFFLINE : result.message,
        subscribe: result.status === 403,
      });
    }
  };
  return (
    <LockedPreview media={media} kind={kind} price={post.price} className={styles.media} style={box}>
      {needsSubscription || refusal?.subscribe ? (
        <p className={styles.hint} role={refusal ? 'alert' : undefined}>
          {refusal?.message ?? SUBSCRIBE_HINT}{' '}
          <Link to={profile} className={styles.overlayLink}>
            Visit {post.model.username}
          </Link>
        </p>
      ) : (
        <>
          <Button size="small" onClick={unlock} loading={buying}>
            Unlock for {plural(post.price, 'credit')}
          </Button>
          {dialog}
          {refusal && (
            <p className={styles.hint} role="alert">
              {refusal.message}
            </p>
          )}
        </>
      )}
    </LockedPreview>
  );
}

function OwnerMenu({ post, onEdit }: { post: FeedPost; onEdit: () => void }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, wrapRef, close);

  const change = async (body: { pinned?: boolean; private_feed?: boolean; publish_at?: null }) => {
    setOpen(false);
    setError(null);
    const result = await dispatch(updatePost(post._id, body));
    if (!result.ok) setError(result.message);
  };
  const remove = async () => {
    setBusy(true);
    const result = await dispatch(deletePost(post._id));
    setBusy(false);
    if (result.ok) setConfirming(false);
    else setError(result.message);
  };

  return (
    <div className={styles.menuWrap} ref={wrapRef}>
      <IconButton
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <MoreIcon />
      </IconButton>
      {open && (
        <Menu className={styles.menu} role="menu">
          {post.status === 'scheduled' && (
            <>
              <MenuItem
                className={styles.menuItem}
                role="menuitem"
                onClick={() => change({ publish_at: null })}
              >
                Publish now
              </MenuItem>
              <MenuItem
                className={styles.menuItem}
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  setRescheduling(true);
                }}
              >
                Change time
              </MenuItem>
            </>
          )}
          <MenuItem
            className={styles.menuItem}
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onEdit();
            }}
          >
            Edit text
          </MenuItem>
          <MenuItem
            className={styles.menuItem}
            role="menuitem"
            onClick={() => change({ pinned: !post.pinned })}
          >
            {post.pinned ? 'Unpin' : 'Pin to top'}
          </MenuItem>
          <MenuItem
            className={styles.menuItem}
            role="menuitem"
            onClick={() => change({ private_feed: !post.private_feed })}
          >
            {post.private_feed ? 'Make public' : 'Make private'}
          </MenuItem>
          <MenuItem
            className={`${styles.menuItem} ${styles.danger}`}
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            Delete
          </MenuItem>
        </Menu>
      )}
      {error && !confirming && (
        <p className={styles.menuError} role="alert">
          {error}
        </p>
      )}
      {rescheduling && <RescheduleDialog post={post} onClose={() => setRescheduling(false)} />}
      {confirming && (
        <Dialog
          title="Delete this post?"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="danger" onClick={remove} loading={busy}>
                Delete post
              </Button>
            </>
          }
        >
          <p>It leaves your page and your fans' feeds. Fans who bought it keep their receipt.</p>
          <FormAlert message={error} />
        </Dialog>
      )}
    </div>
  );
}

/** A scheduled post's new time, in the creator's zone. */
function RescheduleDialog({ post, onClose }: { post: FeedPost; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [when, setWhen] = useState(() => scheduleInputOf(post.publish_at ?? new Date().toISOString()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const check = checkSchedule(when, new Date());
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setBusy(true);
    const result = await dispatch(updatePost(post._id, { publish_at: check.iso }));
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  return (
    <Dialog
      title="Change when it appears"
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save time
          </Button>
        </>
      }
    >
      <ScheduleField
        legend="When to publish"
        value={when}
        onChange={(next) => {
          setWhen(next);
          setError(null);
        }}
        error={error}
        disabled={busy}
      />
    </Dialog>
  );
}

function EditText({ post, onDone }: { post: FeedPost; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState(post.text ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await dispatch(updatePost(post._id, { text }));
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.message);
  };
  return (
    <form className={styles.edit} onSubmit={save}>
      <TextAreaField
        label="Post text"
        value={text}
        maxLength={FEED_TEXT_MAX_LENGTH}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      <FormAlert message={error} />
      <div className={styles.editActions}>
        <Button variant="secondary" size="small" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="small" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
