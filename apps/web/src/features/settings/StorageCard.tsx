import type { MediaUsage } from '@parlor/contract';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { Note } from './Note';
import { StorageMeter } from './StorageMeter';

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
