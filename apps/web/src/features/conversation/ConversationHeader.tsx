import type { Chat } from '@parlor/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { selectConnected } from '../../platform/connectionSlice';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { IconButton, iconButtonClass } from '../../ui/IconButton';
import { BackIcon, MoreIcon, NoteIcon, StarIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { selectUser } from '../auth/authSlice';
import { chatsActionConfirmed } from '../chats/inboxEffects';
import { selectTypingIn } from '../chats/inboxSelectors';
import { chatsAction } from '../chats/inboxThunks';
import { formatLastSeen } from '../chats/relativeTime';
import { FanListsMenu } from '../lists/FanListsMenu';
import { EarningsBadge } from '../media/EarningsBadge';
import { TipButton } from '../payments/TipButton';
import { pushPopup } from '../popups/popupsSlice';
import { SubscribeButton } from '../subscriptions/SubscribeButton';
import { useSeatAllows } from '../team/seatAccess';
import styles from './ConversationHeader.module.css';

interface Props {
  chat: Chat;
  backTo: string;
  notesOpen: boolean;
  onToggleNotes?: (() => void) | undefined;
}

/** Who this is, whether they are here (online, typing, last seen), and what can be done to the chat. */
export function ConversationHeader({ chat, backTo, notesOpen, onToggleNotes }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const other = chat.other_user;
  const creator = me?.type === 'featured';
  const listsAllowed = useSeatAllows('listFanLists');
  const [listsOpen, setListsOpen] = useState(false);
  const typing = useAppSelector((s) => selectTypingIn(s, chat.chat_id)) === other._id;
  const connected = useAppSelector(selectConnected);
  // Offline here, on a phone, is said where the eye is: the app header is hidden in a conversation.
  const status =
    connected === false
      ? 'You are offline · reconnecting…'
      : typing
        ? 'typing…'
        : other.is_online
          ? 'Online'
          : other.last_online
            ? `Last seen ${formatLastSeen(other.last_online)}`
            : '';
  const ids = [other._id];

  return (
    <header className={styles.header}>
      <Link to={backTo} className={iconButtonClass(styles.back)} aria-label="Back to chats">
        <BackIcon />
      </Link>
      <Link to={`/${encodeURIComponent(other.username)}`} className={styles.who}>
        <span className={styles.avatarWrap}>
          <Avatar name={other.username} src={other.avatar_url} size={42} />
          {other.is_online && <span className={styles.onlineDot} aria-hidden="true" />}
        </span>
        <span className={styles.whoText}>
          <span className={styles.whoName} data-long={other.username.length > 20 || undefined}>
            {other.username}
          </span>
          <span
            className={[
              styles.whoStatus,
              connected === false
                ? styles.offlineText
                : [typing && styles.typingText, other.is_online && styles.onlineText],
            ]
              .flat()
              .filter(Boolean)
              .join(' ')}
            aria-live="polite"
            data-testid="presence"
          >
            {status}
          </span>
        </span>
      </Link>
      <div className={styles.headerActions}>
        {me?.type === 'featured' && <EarningsBadge />}
        {me?.type === 'user' && chat.type === 'featured' && (
          <>
            <SubscribeButton modelId={other._id} username={other.username} />
            <TipButton chatId={chat.chat_id} recipientId={other._id} />
          </>
        )}
        <IconButton
          className={styles.favorite}
          aria-pressed={chat.is_favorite}
          aria-label={chat.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
          onClick={() =>
            dispatch(chatsAction({ action: chat.is_favorite ? 'remove_favorite' : 'favorite', ids }))
          }
        >
          <StarIcon className={chat.is_favorite ? styles.starOn : undefined} />
        </IconButton>
        {creator && (
          <FanListsMenu
            fanId={other._id}
            name={other.username}
            buttonClassName={styles.lists}
            open={listsOpen}
            onOpenChange={setListsOpen}
          />
        )}
        {onToggleNotes && (
          <IconButton
            className={styles.notes}
            aria-pressed={notesOpen}
            aria-label="Notes on this fan"
            onClick={onToggleNotes}
          >
            <NoteIcon />
          </IconButton>
        )}
        <ChatMenu
          favorite={chat.is_favorite}
          blocked={chat.is_blocked}
          mediaBlocked={chat.is_media_blocked}
          name={other.username}
          notes={onToggleNotes ? notesOpen : undefined}
          lists={creator && listsAllowed}
          onAction={(action) => {
            if (action === 'notes') {
              onToggleNotes?.();
            } else if (action === 'lists') {
              setListsOpen(true);
            } else if (action === 'hide' || action === 'delete') {
              dispatch(
                pushPopup({
                  id: action === 'hide' ? 'confirm-hide-chats' : 'confirm-delete-chats',
                  kind: 'confirm',
                  props: {
                    title:
                      action === 'hide'
                        ? `Hide your chat with ${other.username}?`
                        : `Delete your chat with ${other.username}?`,
                    text:
                      action === 'hide'
                        ? 'It leaves your inbox until a new message arrives.'
                        : 'The conversation history is removed for you. This cannot be undone.',
                    confirmLabel: action === 'hide' ? 'Hide' : 'Delete',
                    danger: action === 'delete',
                    onConfirm: chatsActionConfirmed({ action, ids }),
                  },
                }),
              );
            } else if (action === 'report') {
              dispatch(
                pushPopup({
                  id: 'report-chats',
                  kind: 'report',
                  props: { title: `Report ${other.username}?`, ids },
                }),
              );
            } else if (action === 'favorite') {
              void dispatch(chatsAction({ action: chat.is_favorite ? 'remove_favorite' : 'favorite', ids }));
            } else {
              void dispatch(chatsAction({ action, ids }));
            }
          }}
        />
      </div>
    </header>
  );
}

type MenuAction =
  | 'favorite'
  | 'notes'
  | 'lists'
  | 'block'
  | 'unblock'
  | 'block_media'
  | 'allow_media'
  | 'report'
  | 'hide'
  | 'delete';

function ChatMenu({
  favorite,
  blocked,
  mediaBlocked,
  name,
  notes,
  lists,
  onAction,
}: {
  favorite: boolean;
  blocked: boolean;
  mediaBlocked: boolean;
  name: string;
  /** Whether the notes panel is open; undefined when this chat has no notes (a fan's view). */
  notes?: boolean | undefined;
  /** Whether the fan's lists can be managed from here. */
  lists: boolean;
  onAction: (a: MenuAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const items: { action: MenuAction; label: string; danger?: boolean; phoneOnly?: boolean }[] = [
    // On a phone the star leaves the header to give the name room; it is here instead.
    { action: 'favorite', label: favorite ? 'Remove from favorites' : 'Add to favorites', phoneOnly: true },
    ...(notes === undefined
      ? []
      : [{ action: 'notes' as const, label: notes ? 'Close notes' : 'Notes on this fan', phoneOnly: true }]),
    ...(lists ? [{ action: 'lists' as const, label: 'Lists', phoneOnly: true }] : []),
    { action: blocked ? 'unblock' : 'block', label: blocked ? `Unblock ${name}` : `Block ${name}` },
    // Block/unblock media; blocking stops the other side sending photos, videos and GIFs.
    mediaBlocked
      ? { action: 'allow_media', label: `Allow media from ${name}` }
      : { action: 'block_media', label: `Block media from ${name}` },
    { action: 'report', label: `Report ${name}` },
    { action: 'hide', label: 'Hide chat' },
    { action: 'delete', label: 'Delete chat', danger: true },
  ];
  return (
    <div className={styles.menuWrap} ref={ref}>
      <IconButton
        aria-label="More actions"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreIcon />
      </IconButton>
      {open && (
        <Menu id={menuId} className={styles.menu}>
          {items.map((item) => (
            <MenuItem
              key={item.action}
              className={[
                styles.menuItem,
                item.danger && styles.menuDanger,
                item.phoneOnly && styles.phoneOnly,
              ]
                .filter(Boolean)
                .join(' ')}
              onClick={() => {
                setOpen(false);
                onAction(item.action);
              }}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </div>
  );
}
