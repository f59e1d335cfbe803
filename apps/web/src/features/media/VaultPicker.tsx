import type { VaultMedia } from '@parlor/contract';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { videoLength } from './mediaLayout';
import { PickerGrid, PickerTile } from './PickerGrid';
import styles from './VaultPicker.module.css';
import { vaultMarks, vaultTileLabel } from './vaultMarks';
import {
  closeVaultPicker,
  loadMorePickerVault,
  loadPickerVault,
  selectVaultPicker,
} from './vaultPickerSlice';

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
  const dispatch = useAppDispatch();
  const { items, next, loaded } = useAppSelector(selectVaultPicker);
  const first = useAppSelector((s) => selectRequest(s, loadPickerVault)).status;
  const more = useAppSelector((s) => selectRequest(s, loadMorePickerVault)).status;
  const state =
    (!loaded && first !== 'Error') || first === 'Fetching' || more === 'Fetching'
      ? 'loading'
      : first === 'Error' || more === 'Error'
        ? 'error'
        : 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once.
  useEffect(() => {
    const request = dispatch(loadPickerVault(fanId));
    return () => {
      request.abort();
      dispatch(closeVaultPicker());
    };
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
        <Button variant="secondary" size="small" onClick={() => dispatch(loadMorePickerVault(next))}>
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
