import type { Chat, Message } from '@parlor/contract';
import { isSameDay } from 'date-fns';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';
import { Spinner } from '../../ui/Spinner';
import { selectUser } from '../auth/authSlice';
import { formatClock, formatDay } from '../chats/relativeTime';
import { MediaBubble } from '../media/MediaBubble';
import { isMediaMessage } from '../media/mediaLayout';
import { PendingMediaPreview } from '../media/PendingMediaPreview';
import { authorLine } from './authorLine';
import type { PendingMessage } from './conversationModel';
import { makeSelectTimeline, selectConversation, type TimelineItem } from './conversationSelectors';
import { loadOlderMessages } from './conversationThunks';
import styles from './MessageList.module.css';
import { MessageMenu } from './MessageMenu';
import { abortSend, dismissSend, retrySend } from './outbox';
import { ReplyQuote } from './ReplyQuote';
import { showIntro } from './textWarnings';

const NO_ITEMS: TimelineItem[] = [];

/** How close to an edge (px) counts as "at" it: older pages load, new messages keep the view pinned. */
const EDGE_PX = 120;

/** The messages, oldest at the top; scrolling up loads 50 more and keeps the reader's place. */
export function MessageList({ otherUserId, chat }: { otherUserId: string; chat: Chat }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const selectTimeline = useMemo(makeSelectTimeline, []);
  const timeline = useAppSelector((s) => selectTimeline(s, otherUserId, me?._id));
  // The bubbles render in a background pass React can pause: a page of fifty messages arriving
  // at once would otherwise hold a phone's main thread (and the reader's taps) for a long task.
  // Until that pass is done the list shows what it showed before (nothing, on opening).
  const items = useDeferredValue(timeline.items, NO_ITEMS);
  const settled = items === timeline.items;
  const seenId = timeline.seenId;
  const convo = useAppSelector((s) => selectConversation(s, otherUserId));
  const ref = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstKey = items[0] ? keyOf(items[0]) : undefined;
  const lastKey = items.length ? keyOf(items[items.length - 1]!) : undefined;

  const loadOlder = () => {
    const el = ref.current;
    if (!el || !convo.next || convo.older === 'Fetching') return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void dispatch(loadOlderMessages(otherUserId));
  };

  // An older page was put on top: keep the same message under the reader's eyes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first message changes.
  useLayoutEffect(() => {
    const el = ref.current;
    const saved = anchor.current;
    if (!el || !saved) return;
    el.scrollTop = el.scrollHeight - saved.height + saved.top;
    anchor.current = null;
  }, [firstKey]);

  // A new message at the bottom: follow it if the reader was at the bottom (or sent it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const last = items[items.length - 1];
    const mine = last?.kind === 'pending' || last?.message.sender_id === me?._id;
    if (pinned.current || mine) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  // Content that grows under a reader at the bottom (a 'Seen' line, wrapped text) keeps them there.
  useEffect(() => {
    const el = ref.current;
    const list = listRef.current;
    if (!el || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  // Reaching the top loads the page before; a short chat that does not scroll asks at once.
  useEffect(() => {
    const el = ref.current;
    if (
      settled &&
      el &&
      el.scrollHeight <= el.clientHeight + EDGE_PX &&
      convo.next &&
      convo.older !== 'Fetching'
    )
      loadOlder();
  });

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX) loadOlder();
  };

  const intro = showIntro(chat, chat.other_user, me);

  return (
    <div
      ref={ref}
      className={styles.messages}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      aria-relevant="additions"
    >
      {convo.older === 'Fetching' && (
        <div className={styles.olderLoader}>
          <Spinner size={25} label="Loading earlier messages" />
        </div>
      )}
      {convo.older === 'Error' && (
        <div className={styles.olderLoader}>
          <Button variant="secondary" size="small" onClick={loadOlder}>
            Load earlier messages
          </Button>
        </div>
      )}
      {!convo.next && (
        <div className={styles.start}>
          <Avatar name={chat.other_user.username} src={chat.other_user.avatar_url} size={64} />
          <p className={styles.startName}>{chat.other_user.username}</p>
          {intro ? (
            <p className={styles.intro}>
              {me?.type === 'user'
                ? `Introduce yourself to ${chat.other_user.username}: say hello and tell them a little about you.`
                : `${chat.other_user.username} is new here: say hello and make them feel welcome.`}
              {chat.credit_rate > 0 &&
                me?.type === 'user' &&
                ` Each message costs ${chat.credit_rate} credits.`}
            </p>
          ) : (
            <p className={styles.startText}>This is the beginning of your conversation.</p>
          )}
        </div>
      )}
      <ol ref={listRef} className={styles.messageItems}>
        {items.map((item, index) => {
          const previous = items[index - 1];
          const created = item.kind === 'message' ? item.message.created_at : null;
          const previousCreated = previous?.kind === 'message' ? previous.message.created_at : null;
          const newDay =
            created && (!previousCreated || !isSameDay(new Date(created), new Date(previousCreated)));
          return (
            <li key={keyOf(item)} className={styles.item}>
              {newDay && created && (
                <div className={styles.day}>
                  <span>{formatDay(created)}</span>
                </div>
              )}
              {item.kind === 'message' ? (
                <StoredMessage
                  message={item.message}
                  mine={item.message.sender_id === me?._id}
                  seen={item.message._id === seenId}
                  otherUserId={otherUserId}
                  otherName={chat.other_user.username}
                />
              ) : (
                <PendingBubble
                  pending={item.pending}
                  otherUserId={otherUserId}
                  otherName={chat.other_user.username}
                />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function keyOf(item: TimelineItem): string {
  return item.kind === 'message'
    ? (item.message.clientSideReceiveId ?? item.message._id)
    : item.pending.clientSideReceiveId;
}

// A message that did not change is not rendered again when another one arrives or is sent.
const StoredMessage = memo(function StoredMessage({
  message,
  mine,
  seen,
  otherUserId,
  otherName,
}: {
  message: Message;
  mine: boolean;
  seen: boolean;
  otherUserId: string;
  otherName: string;
}) {
  const text = message.is_deleted
    ? 'This message was deleted.'
    : message.type === 'tip'
      ? tipText(message)
      : (message.text ?? '');
  const media = !message.is_deleted && isMediaMessage(message);
  const author = message.is_deleted ? null : authorLine(message, { mine, otherName });
  return (
    <div
      className={[styles.bubbleRow, mine ? styles.mine : styles.theirs].join(' ')}
      data-message-id={message._id}
    >
      <div className={styles.bubbleGroup}>
        <div className={styles.bubbleLine}>
          <div
            className={[
              styles.bubble,
              media && styles.mediaBubble,
              media && !text && styles.mediaOnly,
              message.is_deleted && styles.deleted,
              message.type === 'tip' && styles.tip,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {message.parent_message && !message.is_deleted && (
              <ReplyQuote
                parent={message.parent_message}
                author={message.parent_message.sender_id === message.sender_id ? mine : !mine}
                otherName={otherName}
                otherUserId={otherUserId}
              />
            )}
            {media && <MediaBubble message={message} otherUserId={otherUserId} />}
            {(text || !media) && <p className={styles.text}>{text}</p>}
            <span className={styles.meta}>
              <time dateTime={message.created_at}>{formatClock(message.created_at)}</time>
            </span>
          </div>
          {!message.is_deleted && <MessageMenu message={message} mine={mine} otherUserId={otherUserId} />}
        </div>
        {author && (
          <span className={styles.author} data-testid="message-author">
            {author}
          </span>
        )}
        {seen && (
          <span className={styles.seen} data-testid="seen">
            Seen
          </span>
        )}
      </div>
    </div>
  );
});

/** A tip says how much it was; the words the fan added follow. */
function tipText(message: Pick<Message, 'price' | 'text'>): string {
  // A tip's price is the amount given.
  const amount = message.price > 0 ? ` of ${message.price} credits` : '';
  return `💝 Tip${amount}${message.text ? `: ${message.text}` : ''}`;
}

const STATUS = { preparing: 'Preparing…', uploading: 'Uploading…', sending: 'Sending…' } as const;

/** A send in flight or failed, text or media: the bubble, its status, and Retry and Discard. */
function PendingBubble({
  pending,
  otherUserId,
  otherName,
}: {
  pending: PendingMessage;
  otherUserId: string;
  otherName: string;
}) {
  const dispatch = useAppDispatch();
  const { clientSideReceiveId, media } = pending;
  return (
    <div
      className={[styles.bubbleRow, styles.mine].join(' ')}
      data-testid={media ? 'pending-media' : undefined}
    >
      <div className={styles.bubbleGroup}>
        {media ? (
          <PendingMediaPreview
            type={pending.type}
            state={pending.state}
            media={media}
            onCancel={() => dispatch(abortSend(otherUserId, clientSideReceiveId))}
          />
        ) : (
          <div
            className={[styles.bubble, styles.pending, pending.state === 'failed' && styles.failed]
              .filter(Boolean)
              .join(' ')}
          >
            {pending.parent && (
              <ReplyQuote
                parent={pending.parent}
                author={pending.parent.sender_id !== otherUserId}
                otherName={otherName}
                otherUserId={otherUserId}
              />
            )}
            <p className={styles.text}>{pending.text}</p>
          </div>
        )}
        {pending.state === 'failed' ? (
          <div className={styles.failedLine} role="alert">
            <span>Not sent{pending.error ? `: ${pending.error}` : ''}</span>
            <LinkButton onClick={() => dispatch(retrySend(otherUserId, clientSideReceiveId))}>
              Retry
            </LinkButton>
            <LinkButton onClick={() => dispatch(dismissSend(otherUserId, clientSideReceiveId))}>
              Discard
            </LinkButton>
          </div>
        ) : (
          <span className={styles.seen}>
            {STATUS[pending.state]}
            {media && media.price > 0 ? ` · ${media.price} credits` : ''}
          </span>
        )}
      </div>
    </div>
  );
}
