import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { afterLoad } from '../../platform/afterStart';
import { toErrorInfo } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { CheckIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { showToast } from '../../ui/toasts';
import { useDismiss } from '../../ui/useDismiss';
import { selectUser } from '../auth/authSlice';
import { selectSeat } from './seatAccess';
import { TEAM_TEXT } from './teamText';
import styles from './WorkspaceSwitcher.module.css';
import { backToOwnAccount, openWorkspace } from './workspaceSwitch';
import { loadWorkspaces, selectWorkspaces } from './workspacesSlice';

/**
 * The header's switch between the person's own account and the creators' workspaces they work on
 * a team seat in. Shown once they are on a team; in a seat it is also the way back.
 */
export function WorkspaceSwitcher() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const seat = useAppSelector(selectSeat);
  const list = useAppSelector(selectWorkspaces);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);

  // Once the page has loaded: the first screen's calls go first.
  useEffect(() => afterLoad(() => void dispatch(loadWorkspaces())), [dispatch]);

  if (!user || (!seat && !list?.length)) return null;
  // In a seat the session's user is the creator; the member is the acting one.
  const ownName = seat ? seat.username : user.username;
  const currentLabel = seat ? TEAM_TEXT.workspace(user.username) : TEAM_TEXT.myAccount;
  // The workspace the seat is in is listed even before the list has arrived.
  const spaces =
    list ??
    (seat
      ? [
          {
            creator: { _id: user._id, username: user.username, avatar_url: user.avatar_url },
            permissions: seat.permissions,
          },
        ]
      : []);

  const pick = async (creatorId: string | null) => {
    setOpen(false);
    const here = seat ? user._id : null;
    if (creatorId === here || busy) return;
    setBusy(true);
    try {
      if (creatorId === null) await backToOwnAccount();
      else await openWorkspace(creatorId);
    } catch (error) {
      setBusy(false);
      showToast(toErrorInfo(error).message);
      void dispatch(loadWorkspaces());
    }
  };

  return (
    <div ref={ref} className={styles.switcher}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Switch workspace (now: ${currentLabel})`}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
        data-testid="workspace-switcher"
      >
        <Avatar name={seat ? user.username : ownName} src={user.avatar_url} size={28} />
        <span className={styles.current}>{currentLabel}</span>
        <span className={styles.chevron} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <Menu id={menuId} role="menu" aria-label="Workspaces" className={styles.menu}>
          <MenuItem
            role="menuitemradio"
            aria-checked={!seat}
            className={styles.item}
            onClick={() => void pick(null)}
          >
            <Avatar name={ownName} src={seat ? null : user.avatar_url} size={32} />
            <span className={styles.itemText}>
              <span className={styles.itemName}>{TEAM_TEXT.myAccount}</span>
              <span className={styles.itemNote}>{ownName}</span>
            </span>
            {!seat && <CheckIcon size={18} />}
          </MenuItem>
          {spaces.map((w) => {
            const here = seat !== null && w.creator._id === user._id;
            return (
              <MenuItem
                key={w.creator._id}
                role="menuitemradio"
                aria-checked={here}
                className={styles.item}
                onClick={() => void pick(w.creator._id)}
              >
                <Avatar name={w.creator.username} src={w.creator.avatar_url} size={32} />
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{TEAM_TEXT.workspace(w.creator.username)}</span>
                  <span className={styles.itemNote}>Team seat</span>
                </span>
                {here && <CheckIcon size={18} />}
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </div>
  );
}
