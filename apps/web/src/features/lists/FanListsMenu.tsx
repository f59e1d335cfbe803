import type { FanList } from '@parlor/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toErrorInfo } from '../../platform/api';
import { useAppDispatch } from '../../platform/hooks';
import { IconButton } from '../../ui/IconButton';
import { CheckIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toasts';
import { useDismiss } from '../../ui/useDismiss';
import { useSeatAllows } from '../team/seatAccess';
import styles from './FanListsMenu.module.css';
import { ListsIcon } from './ListsIcon';
import { addListMembers, listsOfFan, removeListMembers } from './listsThunks';

/**
 * A conversation header's Lists menu: every custom list with a tick where the fan is on it, to add
 * or take them off at once; the smart lists the fan matches, ticked, for what they are (their rules
 * decide). Asked of the server each time it opens (`GET /v1/lists?member_id=`).
 */
export function FanListsMenu({
  fanId,
  name,
  buttonClassName,
  open: shown,
  onOpenChange,
}: {
  fanId: string;
  name: string;
  buttonClassName?: string | undefined;
  /** Given, the menu is opened from elsewhere too (a phone's header has no room for its button). */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}) {
  const dispatch = useAppDispatch();
  const allowed = useSeatAllows('listFanLists');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shown ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => (onOpenChange ? onOpenChange(next) : setOwnOpen(next)),
    [onOpenChange],
  );
  const [lists, setLists] = useState<FanList[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(open, ref, close);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLists(null);
    setFailure(null);
    listsOfFan(fanId, controller.signal).then(
      (answer) => setLists(answer.data),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(toErrorInfo(error).message);
      },
    );
    return () => controller.abort();
  }, [open, fanId]);

  if (!allowed) return null;
  const custom = lists?.filter((l) => l.kind === 'custom') ?? [];
  const smart = lists?.filter((l) => l.kind === 'smart' && l.includes) ?? [];

  const toggle = async (list: FanList) => {
    setBusy(list._id);
    const arg = { id: list._id, ids: [fanId] };
    const result = list.includes
      ? await dispatch(removeListMembers(arg))
      : await dispatch(addListMembers(arg));
    setBusy(null);
    if (result.meta.requestStatus === 'fulfilled') {
      const count = (result.payload as { count: number }).count;
      setLists(
        (held) =>
          held?.map((l) => (l._id === list._id ? { ...l, includes: !list.includes, count } : l)) ?? null,
      );
      showToast(list.includes ? `${name} left “${list.name}”.` : `${name} added to “${list.name}”.`);
    } else {
      showToast((result.payload as { message?: string } | undefined)?.message ?? 'Something went wrong.');
    }
  };

  return (
    <div className={styles.wrap} ref={ref}>
      <IconButton
        className={buttonClassName}
        aria-label={`Lists ${name} is on`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <ListsIcon />
      </IconButton>
      {open && (
        <Menu id={menuId} className={styles.menu}>
          {failure && (
            <p className={styles.note} role="alert">
              {failure}
            </p>
          )}
          {!lists && !failure && <Spinner size={20} label="Loading lists" />}
          {lists && custom.length === 0 && <p className={styles.note}>No custom lists yet.</p>}
          <div role="menu" aria-label={`Lists for ${name}`} className={styles.items}>
            {custom.map((l) => (
              <MenuItem
                key={l._id}
                role="menuitemcheckbox"
                aria-checked={l.includes === true}
                disabled={busy !== null}
                className={styles.item}
                onClick={() => void toggle(l)}
              >
                <span className={styles.tick} aria-hidden="true">
                  {l.includes && <CheckIcon size={16} />}
                </span>
                <span className={styles.name}>{l.name}</span>
              </MenuItem>
            ))}
            {/* A smart list the fan matches: ticked, not to be changed by hand (its rules decide). */}
            {smart.map((l) => (
              <MenuItem
                key={l._id}
                role="menuitemcheckbox"
                aria-checked
                aria-disabled
                className={`${styles.item} ${styles.smartItem}`}
              >
                <span className={styles.tick} aria-hidden="true">
                  <CheckIcon size={16} />
                </span>
                <span className={styles.name}>
                  {l.name} <span className={styles.byRule}>· by its rules</span>
                </span>
              </MenuItem>
            ))}
            <Link role="menuitem" to="/lists" className={`${styles.item} ${styles.manage}`}>
              Manage lists
            </Link>
          </div>
        </Menu>
      )}
    </div>
  );
}
