import type { Passkey } from '@parlor/contract';
import { format, formatDistanceStrict } from 'date-fns';

/** "Added 3 Dec 2026 · Last used 2 hours ago" (or "Not used yet"). */
export function passkeyDetails(passkey: Pick<Passkey, 'created_at' | 'last_used_at'>, now: Date): string {
  const added = `Added ${format(new Date(passkey.created_at), 'd MMM yyyy')}`;
  const used = passkey.last_used_at
    ? `Last used ${formatDistanceStrict(new Date(passkey.last_used_at), now, { addSuffix: true })}`
    : 'Not used yet';
  return `${added} · ${used}`;
}
