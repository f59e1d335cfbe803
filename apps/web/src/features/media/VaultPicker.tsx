import type { VaultMedia } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { videoLength } from './mediaLayout';
import { loadVaultPage } from './mediaThunks';
import { PickerGrid, PickerTile } from './PickerGrid';
import styles from './VaultPicker.module.css';
import { vaultMarks, vaultTileLabel } from './vaultMarks';

/**
 * The vault: what the user uploaded before, 20 at a time; a pick is sent at once, without upload.
 * Opened in a chat with a fan (`fanId`), each item is marked Sent and Bought for that fan.
 */
export function VaultPicker({
  onPick,
  onClose,
  verb = 'Send',
  fanId,
}: {
  onPick: (media: VaultMedia) => void;
  onClose: () => void;
  /** What picking does, for the tiles' names ("Send photo from vault"). */
  verb?: string;
  fanId?: string | undefined;
}) {
  const [items, setItems] = useState<VaultMedia[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = (url: string | null, signal?: AbortSignal) => {
    setState('loading');
    loadVaultPage(url, signal, fanId)
      .then((page) => {
        setItems((held) => [...held, ...page.data.filter((m) => !held.some((h) => h._id === m._id))]);
        setNext(page.next);
        setState('ready');
      })
      .catch(() => {
        if (!signal?.aborted) setState('error');
      });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once.
  useEffect(() => {
    const controller = new AbortController();
    load(null, controller.signal);
    return () => controller.abort();
  }, []);

  return (
    <Dialog title="Your vault" onClose={onClose}>
      {items.length > 0 && (
        <PickerGrid>
          {items.map((m) => (
            <PickerTile key={m._id} onClick={() => onPick(m)} aria-label={vaultTileLabel(m, verb)}>
              {m.th ? <img src={m.th} alt="" loading="lazy" /> : null}
              <VaultMarks media={m} />
              {m.type === 'video' && (
                <span className={styles.tileBadge}>{videoLength(m.video_length) ?? 'Video'}</span>
              )}
            </PickerTile>
          ))}
        </PickerGrid>
      )}
      {state === 'loading' && <Spinner size={25} label="Loading your vault" />}
      {state === 'ready' && items.length === 0 && (
        <p className={styles.empty}>Photos and videos you send are kept here.</p>
      )}
      {state === 'error' && <p className={styles.empty}>Your vault could not be loaded.</p>}
      {next && state === 'ready' && (
        <Button variant="secondary" size="small" onClick={() => load(next)}>
          Load more
        </Button>
      )}
    </Dialog>
  );
}

/** The Sent and Bought badges of one tile (its accessible name says the same). */
export function VaultMarks({ media }: { media: VaultMedia }) {
  const marks = vaultMarks(media);
  if (marks.length === 0) return null;
  return (
    <span className={styles.marks} aria-hidden="true">
      {marks.map((mark) => (
        <span key={mark.kind} className={styles.mark} data-mark={mark.kind}>
          {mark.label}
        </span>
      ))}
    </span>
  );
}
