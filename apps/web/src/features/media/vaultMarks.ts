import type { VaultMedia } from '@parlor/contract';

// In a conversation the vault is asked about one fan (`fan_id`): each item says whether it already
// went to that fan and whether they bought it, so nothing is sold twice to the same person.

export interface VaultMark {
  kind: 'sent' | 'bought';
  /** The badge's word. */
  label: string;
  /** What a screen reader hears with the tile's name. */
  description: string;
}

/** The marks of one item: none without a fan (the server leaves both fields out). */
export function vaultMarks(media: Pick<VaultMedia, 'sent_to_fan' | 'bought_by_fan'>): VaultMark[] {
  const marks: VaultMark[] = [];
  if (media.sent_to_fan) marks.push({ kind: 'sent', label: 'Sent', description: 'already sent to this fan' });
  if (media.bought_by_fan)
    marks.push({ kind: 'bought', label: 'Bought', description: 'already bought by this fan' });
  return marks;
}

/** The tile's accessible name: "Send photo from vault, already sent to this fan". */
export function vaultTileLabel(media: VaultMedia, verb: string): string {
  const name = `${verb} ${media.type === 'video' ? 'video' : 'photo'} from vault`;
  return [name, ...vaultMarks(media).map((m) => m.description)].join(', ');
}
