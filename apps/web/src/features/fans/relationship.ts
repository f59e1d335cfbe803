import type { Relationship, ServerEventData } from '@parlor/contract';

/** A fan's relationship as the server records it (docs/discover.md, "Fans"). */
export type FanRelationship = Exclude<Relationship, 'user'>;
type NewFan = ServerEventData<'new_fan'>;

/** Weakest first, as the server ranks them: a stronger one replaces a weaker one, never the reverse. */
const STRENGTH: readonly FanRelationship[] = ['follower', 'fan', 'subscriber'];

/** What a creator's inbox chip says. */
export const RELATIONSHIP_LABELS: Record<FanRelationship, string> = {
  follower: 'Follower',
  fan: 'Fan',
  subscriber: 'Subscriber',
};

/** The relationship after `next` is heard: the stronger of the two ('user' means none). */
export function strongerRelationship(
  current: Relationship | null,
  next: Relationship,
): FanRelationship | null {
  const rank = (r: Relationship | null) => (r === null || r === 'user' ? -1 : STRENGTH.indexOf(r));
  const stronger = rank(next) > rank(current) ? next : current;
  return stronger === null || stronger === 'user' ? null : stronger;
}

/** The live notice a creator sees for `new_fan`, e.g. "sam followed you". */
export function newFanText({ username, relationship }: NewFan): string {
  switch (relationship) {
    case 'follower':
      return `${username} followed you`;
    case 'subscriber':
      return `${username} subscribed to you`;
    default:
      return `${username} is now your fan`;
  }
}
