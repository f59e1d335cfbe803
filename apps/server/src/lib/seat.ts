import { TEAM_ERRORS, type TeamPermission } from '@parlor/contract';
import type { AuthContext } from '../plugins/auth';
import { DomainError } from './errors';

/** Who wrote something other than the account holder: a member of her team, or automation. */
export interface KnownAuthor {
  kind: 'team' | 'automation';
  memberId: string | null;
  username: string | null;
}

export const AUTOMATION: KnownAuthor = { kind: 'automation', memberId: null, username: null };

/** The author of a write made in this session: its seat's member, or undefined for the holder. */
export function seatAuthor(auth: AuthContext): KnownAuthor | undefined {
  return auth.seat ? { kind: 'team', memberId: auth.seat.memberId, username: auth.seat.username } : undefined;
}

/** A seat may do this only with `permission` (a paid send on top of the endpoint's own rule). */
export function assertSeatMay(auth: AuthContext, permission: TeamPermission): void {
  if (auth.seat && !auth.seat.permissions.includes(permission))
    throw new DomainError(403, 'team_permission', TEAM_ERRORS.permission);
}
