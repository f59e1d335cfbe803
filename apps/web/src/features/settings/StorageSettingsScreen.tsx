import type { MediaUsage, VaultMedia } from '@parlor/contract';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { MediaTile, TileGrid } from '../media/MediaTile';
import { deleteFromVault, loadVaultPage } from '../media/mediaThunks';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
import { StorageMeter } from './StorageMeter';
import { getMediaUsage } from './settingsApi';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong.');

/**
 * /account/settings/storage: how much of the account's storage its uploads take, and the vault,
 * where photos and videos can be removed to make room.
 */
export function StorageSettingsScreen() {
  const [usage, setUsage] = useState<MediaUsage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    getMediaUsage().then(setUsage, (e: unknown) => setError(messageOf(e)));
  }, []);
  useEffect(refresh, [refresh]);

  return (
    <SettingsPage title="Storage" subtitle="The photos and videos you upload to send in chats.">
      <StorageCard usage={usage} error={error} />
      <VaultCard onRemoved={refresh} />
    </SettingsPage>
  );
}

/** The meter, with what counts and what to do when it is full; `compact` leaves out what counts. */
export function StorageCard({
  usage,
  error,
  compact,
}: {
  usage: MediaUsage | null;
  error?: string | null;
  compact?: boolean;
}) {
  return (
    <Card roomy aria-label="Storage used">
      {usage ? <StorageMeter usage={usage} /> : !error && <Spinner label="Loading your storage" />}
      {usage && usage.used_bytes >= usage.quota_bytes && (
        <Note tone="error">
          Your storage is full. Remove photos or videos from your vault to upload more.
        </Note>
      )}
      {error && <Note tone="error">{error}</Note>}
      {!compact && (
        <Note>
          Everything in your vault counts, in every size made to show it. Removing something from your vault
          frees its space, unless a chat still shows it.
        </Note>
      )}
    </Card>
  );
}

/** The vault, 20 at a time: pick photos and videos, then remove them together. */
function VaultCard({ onRemoved }: { onRemoved: () => void }) {
  const [items, setItems] = useState<VaultMedia[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((url: string | null, signal?: AbortSignal) => {
    setState('loading');
    loadVaultPage(url, signal).then(
      (page) => {
        setItems((held) => [...held, ...page.data.filter((m) => !held.some((h) => h._id === m._id))]);
        setNext(page.next);
        setState('ready');
      },
      () => {
        if (!signal?.aborted) setState('error');
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  const toggle = (id: string) =>
    setPicked((held) => {
      const copy = new Set(held);
      if (!copy.delete(id)) copy.add(id);
      return copy;
    });

  const remove = async () => {
    setError(null);
    setRemoving(true);
    try {
      await deleteFromVault(items.filter((m) => picked.has(m._id)));
      setItems((held) => held.filter((m) => !picked.has(m._id)));
      setPicked(new Set());
      onRemoved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card roomy aria-labelledby="vault-title">
      <CardTitle id="vault-title">Your vault</CardTitle>
      {items.length > 0 && (
        <TileGrid>
          {items.map((m) => (
            <li key={m._id}>
              <MediaTile
                thumb={m.th}
                video={m.type === 'video'}
                length={m.video_length}
                pressed={picked.has(m._id)}
                label={`Select ${m.type === 'video' ? 'video' : 'photo'} from ${new Date(m.created_at).toLocaleDateString()}`}
                onClick={() => toggle(m._id)}
              />
            </li>
          ))}
        </TileGrid>
      )}
      {items.length > 0 && picked.size === 0 && <Note>Select photos or videos to remove them.</Note>}
      {state === 'loading' && <Spinner size={25} label="Loading your vault" />}
      {state === 'ready' && items.length === 0 && <Note>Photos and videos you upload are kept here.</Note>}
      {state === 'error' && <Note tone="error">Your vault could not be loaded.</Note>}
      {error && <Note tone="error">{error}</Note>}
      {(next || items.length > 0) && (
        <CardActions>
          {next && state === 'ready' && (
            <Button variant="secondary" size="small" onClick={() => load(next)}>
              Load more
            </Button>
          )}
          {items.length > 0 && (
            <Button
              variant="danger"
              size="small"
              disabled={picked.size === 0}
              loading={removing}
              onClick={remove}
            >
              {picked.size > 0 ? `Remove ${picked.size} from vault` : 'Remove from vault'}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
