import type { ChatAction } from '@parlor/contract';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectRequest } from '../../app/requests';
import { Button } from '../../ui/Button';
import { selectUser } from '../auth/authSlice';
import { audienceFromInbox } from '../broadcast/broadcastModel';
import { audienceChosen } from '../broadcast/broadcastSlice';
import { pushPopup } from '../popups/popupsSlice';
import styles from './BulkActionBar.module.css';
import { chatsActionConfirmed } from './inboxEffects';
import { selectInboxList, selectSelectedCount, selectSelection } from './inboxSelectors';
import { selectAllToggled } from './inboxSlice';
import { chatsAction } from './inboxThunks';

const NOW: { action: ChatAction; label: string }[] = [
  { action: 'read', label: 'Mark read' },
  { action: 'favorite', label: 'Favorite' },
  { action: 'remove_favorite', label: 'Unfavorite' },
  { action: 'block', label: 'Block' },
  { action: 'unblock', label: 'Unblock' },
  { action: 'block_media', label: 'Block media' },
  { action: 'allow_media', label: 'Allow media' },
  { action: 'report', label: 'Report' },
];

/** Bulk actions on the selection; hide and delete ask first, the rest apply at once. */
export function BulkActionBar({ onDone, active }: { onDone: () => void; active: boolean }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectSelectedCount);
  const selection = useAppSelector(selectSelection);
  const busy = useAppSelector((s) => selectRequest(s, chatsAction)).status === 'Fetching';
  const list = useAppSelector(selectInboxList);
  const creator = useAppSelector(selectUser)?.type === 'featured';
  const navigate = useNavigate();
  const everything = selection.mode === 'all' && selection.ids.length === 0;
  // The selection (or select-all with its exceptions over this tab or search) becomes the audience.
  const broadcast = () => {
    dispatch(audienceChosen(audienceFromInbox(list, selection)));
    void navigate('/broadcast');
  };
  const chats = `${count} chat${count === 1 ? '' : 's'}`;

  const confirm = (action: 'hide' | 'delete') =>
    dispatch(
      pushPopup({
        id: action === 'hide' ? 'confirm-hide-chats' : 'confirm-delete-chats',
        kind: 'confirm',
        props:
          action === 'hide'
            ? {
                title: `Hide ${chats}?`,
                text: 'Hidden chats leave your inbox until a new message arrives.',
                confirmLabel: 'Hide',
                onConfirm: chatsActionConfirmed({ action: 'hide' }),
              }
            : {
                title: `Delete ${chats}?`,
                text: 'The conversation history is removed for you. This cannot be undone.',
                confirmLabel: 'Delete',
                danger: true,
                onConfirm: chatsActionConfirmed({ action: 'delete' }),
              },
      }),
    );

  return (
    <div className={styles.bulkBar} role="toolbar" aria-label="Selected chats">
      <div className={styles.bulkTop}>
        <label className={styles.selectAll}>
          <input type="checkbox" checked={everything} onChange={() => dispatch(selectAllToggled())} />
          Select all
        </label>
        <span className={styles.bulkCount} aria-live="polite">
          {count} selected
        </span>
        <Button variant="ghost" size="small" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <div className={styles.bulkActions}>
        {creator && (
          <Button variant="primary" size="small" disabled={!active} onClick={broadcast}>
            Broadcast
          </Button>
        )}
        {NOW.map(({ action, label }) => (
          <Button
            key={action}
            variant="secondary"
            size="small"
            disabled={!active || busy}
            onClick={() => dispatch(chatsAction({ action }))}
          >
            {label}
          </Button>
        ))}
        <Button variant="secondary" size="small" disabled={!active || busy} onClick={() => confirm('hide')}>
          Hide
        </Button>
        <Button variant="danger" size="small" disabled={!active || busy} onClick={() => confirm('delete')}>
          Delete
        </Button>
      </div>
    </div>
  );
}
