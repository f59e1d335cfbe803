import { creditsToDollars, endpoints, type PublicUser } from '@parlor/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, type ApiErrorInfo, call, toErrorInfo } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { AlertIcon, ChatIcon, CheckIcon, GiftIcon, StarIcon, UserIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectUser } from '../auth/authSlice';
import { formatLastSeen } from '../chats/relativeTime';
import type { ConversationNavState } from '../conversation/ConversationScreen';
import { CreatorFeed } from '../feed/CreatorFeed';
import { type GuestIntent, intentOf, signInFor, withoutIntent } from '../guest/guestPaths';
import { needsUnlock, unlockFreeChatPopup } from '../payments/freeChat';
import { TipButton } from '../payments/TipButton';
import { SubscribeButton } from '../subscriptions/SubscribeButton';
import { usePageWelcome } from '../welcome/useWelcome';
import { WelcomeBanner } from '../welcome/WelcomeBanner';
import styles from './CreatorProfileScreen.module.css';
import { countLabel } from './profileText';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; user: PublicUser }
  | { state: 'error'; error: ApiErrorInfo };

/**
 * /{username}: a creator's public page: cover, photo, name, presence, bio, tags,
 * followers and posts, the subscription price, and Follow / Subscribe / Tip / Message; on her own
 * page a creator gets Edit profile instead. Her feed goes below the header.
 */
export function CreatorProfileScreen() {
  const { username = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useGuardedNavigate();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [following, setFollowing] = useState(false);
  const [followers, setFollowers] = useState(0);
  const [followBusy, setFollowBusy] = useState(false);
  // Message or Follow tapped while signed out: carried on once, after sign-in brought them back.
  const intent = useRef<GuestIntent | null>(intentOf(search));
  const welcomed = usePageWelcome(load.state === 'loaded' ? load.user : null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    call(endpoints.publicProfile, { params: { username } }, { signal: controller.signal })
      .then((user) => {
        setLoad({ state: 'loaded', user });
        setFollowing(user.is_followee);
        setFollowers(user.followers);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', error: toErrorInfo(e) });
      });
    return () => controller.abort();
  }, [username]);

  // POST /v1/chat opens (or creates) the chat, then the conversation gets it in navigation state.
  const message = async (user: PublicUser) => {
    setOpening(true);
    setError(null);
    try {
      const chat = await call(endpoints.openChat, { body: { recipient_id: user._id } });
      const state: ConversationNavState = { chat, backTo: pathname };
      navigate(`/chats/${encodeURIComponent(user._id)}`, { state });
    } catch (e) {
      if (e instanceof ApiError && needsUnlock(e)) dispatch(unlockFreeChatPopup(pathname, e.message));
      else setError(toErrorInfo(e).message);
      setOpening(false);
    }
  };

  // Optimistic: the button and count change at once and go back if the server refuses (a block
  // answers 403 with the spec's message, shown under the buttons).
  const toggleFollow = async (user: PublicUser, next: boolean) => {
    setFollowBusy(true);
    setError(null);
    setFollowing(next);
    setFollowers((n) => Math.max(0, n + (next ? 1 : -1)));
    try {
      const res = next
        ? await call(endpoints.follow, { body: { user_id: user._id } })
        : await call(endpoints.unfollow, { query: { user_id: user._id } });
      setFollowing(res.is_followee);
    } catch (e) {
      setFollowing(!next);
      setFollowers((n) => Math.max(0, n + (next ? -1 : 1)));
      setError(toErrorInfo(e).message);
    } finally {
      setFollowBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the profile and the account are both here
  useEffect(() => {
    const pending = intent.current;
    if (!pending || !me || load.state !== 'loaded') return;
    intent.current = null;
    navigate(`${pathname}${withoutIntent(search)}`, { replace: true });
    // A team seat neither follows nor messages from a creator's page: it works her inbox.
    if (me._id === load.user._id || me.acting_member) return;
    if (pending === 'message') void message(load.user);
    else if (!load.user.is_followee) void toggleFollow(load.user, true);
  }, [me, load]);

  if (load.state === 'loading') {
    return (
      <div className={styles.center}>
        <Spinner size={50} label="Loading profile" />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <EmptyState
        level={1}
        icon={<AlertIcon size={32} />}
        title={
          load.error.status === 404
            ? 'This profile does not exist'
            : load.error.status === 451
              ? 'Not available in your country'
              : 'This profile could not be loaded'
        }
        text={
          // The server's 404 is the spec's 'User Cannot Be Found Or Does Not Exist', which the
          // title already says: the text tells what to do instead.
          load.error.status === 404
            ? 'The link may be mistyped, or the account was removed. Find creators in Discover.'
            : load.error.message
        }
      />
    );
  }

  const { user } = load;
  const own = me?._id === user._id;

  const creator = user.type === 'featured';
  return (
    <article className={styles.profile} aria-labelledby="profile-name">
      <div className={styles.cover} aria-hidden="true">
        {/* No cover photo is kept: the profile photo, blurred under the brand colours, stands in. */}
        {user.avatar_url && <img className={styles.coverImage} src={user.avatar_url} alt="" />}
      </div>
      <header className={styles.card}>
        <div className={styles.avatar}>
          <Avatar name={user.username} src={user.avatar_url} size={112} />
          {user.is_online && <span className={styles.onlineDot} />}
        </div>
        <h1 id="profile-name" className={styles.name}>
          {user.username}
        </h1>
        <p className={styles.meta}>
          <span className={styles.badge}>{creator ? 'Creator' : 'Member'}</span>
          <span className={user.is_online ? styles.online : undefined} data-testid="presence">
            {user.is_online
              ? 'Online now'
              : user.last_online
                ? `Last seen ${formatLastSeen(user.last_online)}`
                : ''}
          </span>
        </p>
        {creator && (
          <dl className={styles.stats}>
            <div>
              <dt>Followers</dt>
              <dd>{countLabel(followers)}</dd>
            </div>
            <div>
              <dt>Posts</dt>
              <dd>{countLabel(user.posts)}</dd>
            </div>
            <div>
              <dt>Subscription</dt>
              <dd>
                {user.subscription_price} credits
                <span className={styles.statNote}> ${creditsToDollars(user.subscription_price)} a month</span>
              </dd>
            </div>
          </dl>
        )}
        {user.bio && <p className={styles.bio}>{user.bio}</p>}
        {user.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {user.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        {welcomed && <WelcomeBanner creator={user} onMessage={() => void message(user)} opening={opening} />}
        {me?.acting_member ? null : own ? (
          <div className={styles.actions}>
            <Link to="/account/edit-profile" className={buttonClass('secondary', 'large')}>
              <UserIcon size={20} />
              Edit profile
            </Link>
          </div>
        ) : me ? (
          <div className={styles.actions}>
            {creator && (
              <Button
                size="large"
                variant={following ? 'secondary' : 'primary'}
                onClick={() => void toggleFollow(user, !following)}
                disabled={followBusy}
                aria-pressed={following}
              >
                {following && <CheckIcon size={20} />}
                {following ? 'Following' : 'Follow'}
              </Button>
            )}
            {creator && (
              <SubscribeButton
                modelId={user._id}
                username={user.username}
                price={user.subscription_price}
                subscribed={user.is_subscribed}
                size="large"
              />
            )}
            {creator && <TipButton recipientId={user._id} size="large" />}
            <Button size="large" variant="secondary" onClick={() => void message(user)} loading={opening}>
              <ChatIcon size={20} />
              Message
            </Button>
          </div>
        ) : (
          // A visitor sees the same buttons; each asks them to sign in, then brings them back here.
          <div className={styles.actions}>
            {creator && (
              <Button size="large" onClick={() => navigate(signInFor(pathname, 'follow'))}>
                Follow
              </Button>
            )}
            {creator && (
              <Button size="large" variant="secondary" onClick={() => navigate(signInFor(pathname))}>
                <StarIcon size={18} />
                Subscribe
              </Button>
            )}
            {creator && (
              <Button size="large" variant="secondary" onClick={() => navigate(signInFor(pathname))}>
                <GiftIcon size={18} />
                Tip
              </Button>
            )}
            <Button size="large" variant="secondary" onClick={() => navigate(signInFor(pathname, 'message'))}>
              <ChatIcon size={20} />
              Message
            </Button>
          </div>
        )}
        <FormAlert message={error} />
      </header>
      {creator && (
        <div className={styles.feed}>
          <CreatorFeed modelId={user._id} />
        </div>
      )}
    </article>
  );
}
