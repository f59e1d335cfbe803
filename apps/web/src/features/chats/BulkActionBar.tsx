import { type ChatAction, groupDigits } from '@parlor/contract';
import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Menu, MenuItem } from '../../ui/Menu';
import { useDismiss } from '../../ui/useDismiss';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectUser } from '../auth/authSlice';
import { audienceFromInbox } from '../broadcast/broadcastModel';
import { AddToListButton, RemoveFromListButton } from '../lists/ListBulkActions';
import { pushPopup } from '../popups/popupsSlice';
import { selectFeatureOff } from '../provider/providerConfigSlice';
import styles from './BulkActionBar.module.css';
import { chatsActionConfirmed } from './inboxEffects';
import { selectInboxList, selectSelectedCount, selectSelection } from './inboxSelectors';
import { selectAllToggled } from './inboxSlice';
import { chatsAction } from './inboxThunks';

/** The rarer actions, in a menu after the common ones (Mark read, Hide, and a creator's Broadcast). */
const MORE: { action: ChatAction; label: string }[] = [
  { action: 'favorite', label: 'Add to favorites' },
  { action: 'remove_favorite', label: 'Remove from favorites' },
  { action: 'block', label: 'Block' },
  { action: 'unblock', label: 'Unblock' },
  { action: 'block_media', label: 'Block media' },
  { action: 'allow_media', label: 'Allow media' },
  { action: 'report', label: 'Report' },
];

/** What is selected, in words: "3 chats", or over a whole tab "all 9,412 except 3". */
export function selectionSummary(count: number, mode: 'ids' | 'all', except: number): string {
  const n = groupDigits(count);
  if (mode === 'ids') return `${n} selected`;
  return except > 0 ? `All ${groupDigits(count + except)} except ${except}` : `All ${n} selected`;
}

/** Bulk actions on the selection; hide and delete ask first, a report asks why, the rest apply at once. */
export function BulkActionBar({ active }: { active: boolean }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectSelectedCount);
  const selection = useAppSelector(selectSelection);
  const busy = useAppSelector((s) => selectRequest(s, chatsAction)).status === 'Fetching';
  const list = useAppSelector(selectInboxList);
  const creator = useAppSelector(selectUser)?.type === 'featured';
  const broadcastOff = useAppSelector(selectFeatureOff('broadcast'));
  const navigate = useGuardedNavigate();
  // A fan list's tab selects all its loaded chats by their ids (inboxSlice's selectAllToggled).
  const everything = list.listId
    ? list.ids.length > 0 && list.ids.every((id) => selection.ids.includes(id))
    : selection.mode === 'all' && selection.ids.length === 0;
  // The selection (or select-all with its exceptions over this tab or search) becomes the audience.
  const broadcast = () => {
    // It goes as the navigation's state, which only a page actually left hands over (an upload
    // running here may keep it): the broadcast screen takes it on arrival.
    navigate('/broadcast', { state: { audience: audienceFromInbox(list, selection) } });
  };
  const chats = `${groupDigits(count)} chat${count === 1 ? '' : 's'}`;
  const [moreOpen, setMoreOpen] = useState(false);
  const moreRef = useRef<HTMLDivElement>(null);
  const closeMore = useCallback(() => setMoreOpen(false), []);
  useDismiss(moreOpen, moreRef, closeMore);
  const disabled = !active || busy;

  const confirm = (action: 'hide' | 'delete') =>
    dispatch(
      pushPopup({
        id: action === 'hide' ? 'confirm-hide-chats' : 'confirm-delete-chats',
        kind: 'confirm',
        props:
          action === 'hide'
            ? {
                title: `Hide ${chats}?`,
                text: 'Hidden chats leave your inbox until a new message arrives. You can find them under Hidden.',
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
          {selectionSummary(count, selection.mode, selection.mode === 'all' ? selection.ids.length : 0)}
        </span>
      </div>
      <div className={styles.bulkActions}>
        {creator && !broadcastOff && (
          <Button variant="primary" size="small" disabled={!active} onClick={broadcast}>
            Broadcast
          </Button>
        )}
        <Button
          variant="secondary"
          size="small"
          disabled={disabled}
          onClick={() => dispatch(chatsAction({ action: 'read' }))}
        >
          Mark read
        </Button>
        <Button variant="secondary" size="small" disabled={disabled} onClick={() => confirm('hide')}>
          Hide
        </Button>
        {creator && <AddToListButton disabled={disabled} />}
        {creator && <RemoveFromListButton disabled={disabled} />}
        <div className={styles.moreWrap} ref={moreRef}>
          <Button
            variant="secondary"
            size="small"
            disabled={disabled}
            aria-expanded={moreOpen}
            onClick={() => setMoreOpen((o) => !o)}
          >
            More
          </Button>
          {moreOpen && (
            <Menu role="menu" className={styles.moreMenu}>
              {MORE.map(({ action, label }) => (
                <MenuItem
                  key={action}
                  role="menuitem"
                  className={styles.moreItem}
                  onClick={() => {
                    setMoreOpen(false);
                    // A report asks why first; the other actions apply at once.
                    if (action === 'report')
                      dispatch(
                        pushPopup({
                          id: 'report-chats',
                          kind: 'report',
                          props: { title: `Report ${chats}?` },
                        }),
                      );
                    else void dispatch(chatsAction({ action }));
                  }}
                >
                  {label}
                </MenuItem>
              ))}
              <MenuItem
                role="menuitem"
                className={[styles.moreItem, styles.danger].join(' ')}
                onClick={() => {
                  setMoreOpen(false);
                  confirm('delete');
                }}
              >
                Delete
              </MenuItem>
            </Menu>
          )}
        </div>
      </div>
    </div>
  );
}
