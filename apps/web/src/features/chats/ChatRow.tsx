import { memo } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { StarIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import { RELATIONSHIP_LABELS } from '../fans/relationship';
import styles from './ChatRow.module.css';
import { selectChatByUser, selectIsSelected, selectTypingIn } from './inboxSelectors';
import { selectionToggled } from './inboxSlice';
import { previewText } from './inboxTabs';
import { formatChatTime, isNew } from './relativeTime';

interface Props {
  otherUserId: string;
  selecting: boolean;
  current: boolean;
}

/** One inbox row: photo with online dot, name, last message, time and unread count. */
export const ChatRow = memo(function ChatRow({ otherUserId, selecting, current }: Props) {
  const dispatch = useAppDispatch();
  const chat = useAppSelector((s) => selectChatByUser(s, otherUserId));
  const selected = useAppSelector((s) => selectIsSelected(s, otherUserId));
  const typing = useAppSelector((s) => selectTypingIn(s, chat?.chat_id));
  const me = useAppSelector(selectUser)?._id;
  if (!chat) return null;
  const name = chat.other_user.username;
  const unread = chat.unread_messages;
  const mine = chat.last_message?.sender_id === me;
  const preview = typing ? 'typing…' : `${mine ? 'You: ' : ''}${previewText(chat.last_message)}`;
  const body = (
    <>
      <span className={styles.avatarWrap}>
        <Avatar name={name} src={chat.other_user.avatar_url} size={48} />
        {chat.other_user.is_online && (
          <span className={styles.onlineDot}>
            <span className="visually-hidden">Online</span>
          </span>
        )}
      </span>
      <span className={styles.rowMain}>
        <span className={styles.rowTop}>
          <span className={styles.name}>{name}</span>
          {/* The name wins the room: a tag that does not fit whole wraps out of sight. */}
          <span className={styles.tags}>
            <span className={styles.tagsStart} aria-hidden="true" />
            {/* Support's chat says so: its account is a staff member's, not a fan or creator. */}
            {chat.is_staff && (
              <span className={styles.relationship} data-relationship="support">
                Support
              </span>
            )}
            {chat.is_favorite && <StarIcon size={14} className={styles.favorite} aria-label="Favorite" />}
            {chat.relationship && (
              <span className={styles.relationship} data-relationship={chat.relationship}>
                {RELATIONSHIP_LABELS[chat.relationship]}
              </span>
            )}
            {isNew(chat.created_at) && (
              <span className={styles.newTag} title="Chat started in the last 72 hours">
                New
              </span>
            )}
          </span>
          <time className={styles.time} dateTime={chat.last_message_time ?? undefined}>
            {formatChatTime(chat.last_message_time)}
          </time>
        </span>
        <span className={styles.rowBottom}>
          <span
            className={[styles.preview, unread > 0 && styles.previewUnread, typing && styles.typing]
              .filter(Boolean)
              .join(' ')}
          >
            {preview}
          </span>
          {unread > 0 && (
            <span className={styles.badge}>
              {unread > 99 ? '99+' : unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </span>
      </span>
    </>
  );
  if (selecting) {
    return (
      <label className={[styles.row, selected && styles.rowSelected].filter(Boolean).join(' ')}>
        <input
          type="checkbox"
          className={styles.check}
          checked={selected}
          onChange={() => dispatch(selectionToggled(otherUserId))}
          aria-label={`Select ${name}`}
        />
        {body}
      </label>
    );
  }
  return (
    <Link
      to={`/chats/${encodeURIComponent(otherUserId)}`}
      className={[styles.row, current && styles.rowCurrent].filter(Boolean).join(' ')}
      aria-current={current ? 'page' : undefined}
    >
      {body}
    </Link>
  );
});
