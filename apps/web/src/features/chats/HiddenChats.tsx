import type { Chat } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import styles from './HiddenChats.module.css';
import { fetchHiddenChats, unhideChats } from './inboxThunks';

interface Shown {
  chats: Chat[];
  next: string | null;
  status: 'loading' | 'ready' | 'error';
}

/**
 * The Hidden view: the chats the user hid (deleted ones are gone for good), each with Unhide, and
 * Unhide all. A chat unhidden goes back to its place in the inbox.
 */
export function HiddenChats({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState<Shown>({ chats: [], next: null, status: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = (next: string | null) => {
    setShown((s) => ({ ...s, status: 'loading' }));
    fetchHiddenChats(next).then(
      (page) =>
        setShown((s) => ({
          chats: next ? [...s.chats, ...page.data] : page.data,
          next: page.next,
          status: 'ready',
        })),
      () => setShown((s) => ({ ...s, status: 'error' })),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page, once.
  useEffect(() => {
    load(null);
  }, []);

  const unhide = async (ids: string[] | 'all') => {
    setBusy(true);
    const done = await dispatch(unhideChats(ids === 'all' ? { all: true } : { ids }));
    setBusy(false);
    if (!unhideChats.fulfilled.match(done)) return;
    if (ids === 'all') setShown({ chats: [], next: null, status: 'ready' });
    else setShown((s) => ({ ...s, chats: s.chats.filter((c) => !ids.includes(c.other_user._id)) }));
  };

  const empty = shown.status === 'ready' && shown.chats.length === 0 && !shown.next;
  return (
    <Dialog
      title="Hidden chats"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {shown.chats.length > 0 && (
            <Button disabled={busy} onClick={() => void unhide('all')}>
              Unhide all
            </Button>
          )}
        </>
      }
    >
      <p className={styles.intro}>Hidden chats come back by themselves when a new message arrives.</p>
      {empty && <p className={styles.empty}>You have no hidden chats.</p>}
      <ul className={styles.list} aria-label="Hidden chats">
        {shown.chats.map((chat) => (
          <li key={chat.other_user._id} className={styles.row}>
            <Avatar name={chat.other_user.username} src={chat.other_user.avatar_url} size={40} />
            <span className={styles.name}>{chat.other_user.username}</span>
            <Button
              variant="secondary"
              size="small"
              disabled={busy}
              aria-label={`Unhide ${chat.other_user.username}`}
              onClick={() => void unhide([chat.other_user._id])}
            >
              Unhide
            </Button>
          </li>
        ))}
      </ul>
      {shown.status === 'loading' && (
        <div className={styles.more}>
          <Spinner size={25} label="Loading hidden chats" />
        </div>
      )}
      {shown.status === 'error' && (
        <div className={styles.more} role="alert">
          <p>We couldn't load your hidden chats.</p>
          <Button variant="secondary" size="small" onClick={() => load(shown.next)}>
            Try again
          </Button>
        </div>
      )}
      {shown.status === 'ready' && shown.next && (
        <div className={styles.more}>
          <Button variant="secondary" size="small" onClick={() => load(shown.next)}>
            Show more
          </Button>
        </div>
      )}
    </Dialog>
  );
}
