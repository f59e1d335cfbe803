import { plural } from '@parlor/contract';
import { createSelector } from '@reduxjs/toolkit';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import type { RootState } from '../../platform/storeTypes';
import { Button } from '../../ui/Button';
import { Menu, MenuItem } from '../../ui/Menu';
import { showToast } from '../../ui/toasts';
import { useDismiss } from '../../ui/useDismiss';
import { coveredIds } from '../chats/inboxModel';
import { selectInboxList, selectSelection } from '../chats/inboxSelectors';
import { selectionCleared } from '../chats/inboxSlice';
import { useSeatAllows } from '../team/seatAccess';
import styles from './ListBulkActions.module.css';
import { selectFanList, selectLists } from './listsSlice';
import { addListMembers, removeListMembers } from './listsThunks';

const selectCustomLists = createSelector([(s: RootState) => selectLists(s).items], (items) =>
  items.filter((l) => l.kind === 'custom'),
);

/**
 * The chats the bulk bar's list actions cover, by their fans' ids: the chosen ones, or in
 * select-all mode every chat of the tab once all its pages are here (the members calls take ids,
 * so a tab not loaded to its end cannot be covered whole); null when that is not so.
 */
function useChosenIds(): string[] | null {
  const list = useAppSelector(selectInboxList);
  const selection = useAppSelector(selectSelection);
  if (selection.mode === 'all' && list.hasMore) return null;
  return coveredIds(list, selection);
}

/** The bulk bar's "Add to list": the selected chats' fans join one of my custom lists. */
export function AddToListButton({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const lists = useAppSelector(selectCustomLists);
  const allowed = useSeatAllows('addListMembers');
  const ids = useChosenIds();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  if (!allowed) return null;

  const add = async (id: string, name: string) => {
    setOpen(false);
    if (!ids) return;
    const result = await dispatch(addListMembers({ id, ids }));
    if (addListMembers.fulfilled.match(result)) {
      const { changed } = result.payload;
      showToast(changed > 0 ? `Added ${plural(changed, 'fan')} to “${name}”.` : `Already on “${name}”.`);
      dispatch(selectionCleared());
    } else showToast(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };

  return (
    <div className={styles.wrap} ref={ref}>
      <Button
        variant="secondary"
        size="small"
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Add to list
      </Button>
      {open && (
        <Menu className={styles.menu}>
          {ids === null ? (
            <p className={styles.note}>
              Scroll to the end of the tab, or pick chats one by one, to add them.
            </p>
          ) : (
            lists.length === 0 && <p className={styles.note}>You have no custom lists yet.</p>
          )}
          <div role="menu" aria-label="Add to list" className={styles.items}>
            {ids !== null &&
              lists.map((l) => (
                <MenuItem
                  key={l._id}
                  role="menuitem"
                  className={styles.item}
                  onClick={() => void add(l._id, l.name)}
                >
                  {l.name}
                </MenuItem>
              ))}
            <Link role="menuitem" to="/lists/new" className={`${styles.item} ${styles.newList}`}>
              New list…
            </Link>
          </div>
        </Menu>
      )}
    </div>
  );
}

/** On a custom list's tab: the selected fans leave the list (their chats stay in the inbox). */
export function RemoveFromListButton({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectInboxList);
  const fanList = useAppSelector((s) => selectFanList(s, list.listId));
  const allowed = useSeatAllows('removeListMembers');
  const ids = useChosenIds();
  if (!allowed || fanList?.kind !== 'custom' || !ids) return null;
  const remove = async () => {
    const result = await dispatch(removeListMembers({ id: fanList._id, ids }));
    if (removeListMembers.fulfilled.match(result))
      showToast(`Removed ${plural(result.payload.changed, 'fan')} from “${fanList.name}”.`);
    else showToast(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };
  return (
    <Button variant="secondary" size="small" disabled={disabled} onClick={() => void remove()}>
      Remove from list
    </Button>
  );
}
