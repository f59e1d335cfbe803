import { SEAT_ACCESS, STORAGE_KEYS, seatMay, TEAM_PERMISSIONS, type TeamPermission } from '@parlor/contract';
import { readStorage, removeStorage, storeToken, writeStorage } from './browser';

/**
 * A team member working a creator's inbox holds two sessions in this browser: the seat's token is
 * the active one (`auth-token`, sent with every call), and their own waits under `own-auth-token`
 * until they go back to their account, by choice or because the seat ended.
 */

/** The workspace the active seat works in, kept beside its token. */
export interface SeatWorkspace {
  creatorId: string;
  creator: string;
  permissions: TeamPermission[];
}

/** The member's own token while a seat's is the active one; null outside a seat. */
export const ownToken = () => readStorage(STORAGE_KEYS.ownAuthToken);
export const inSeat = () => ownToken() !== null;

const isPermission = (p: unknown): p is TeamPermission => TEAM_PERMISSIONS.includes(p as TeamPermission);

export function seatWorkspace(): SeatWorkspace | null {
  const raw = readStorage(STORAGE_KEYS.seatWorkspace);
  if (!raw || !inSeat()) return null;
  try {
    const value = JSON.parse(raw) as Partial<SeatWorkspace>;
    if (typeof value.creatorId !== 'string' || typeof value.creator !== 'string') return null;
    const permissions = Array.isArray(value.permissions) ? value.permissions.filter(isPermission) : [];
    return { creatorId: value.creatorId, creator: value.creator, permissions };
  } catch {
    return null;
  }
}

/**
 * The seat becomes the active session. `own` is the member's own token: from one seat to another it
 * is the one already kept aside, never the seat being left.
 */
export function enterSeat(own: string, seatToken: string, workspace: SeatWorkspace): void {
  writeStorage(STORAGE_KEYS.ownAuthToken, own);
  writeStorage(STORAGE_KEYS.seatWorkspace, JSON.stringify(workspace));
  storeToken(seatToken);
}

/** The creator changed what the seat may do: the next page's first calls follow (start script). */
export function rememberSeatPermissions(permissions: readonly TeamPermission[]): void {
  const workspace = seatWorkspace();
  if (!workspace) return;
  writeStorage(STORAGE_KEYS.seatWorkspace, JSON.stringify({ ...workspace, permissions }));
}

/**
 * The own token becomes the active one again; false when no seat was active. With `ended`, the
 * seat ended under the member (the creator removed them, it expired): the next page says so once.
 */
export function leaveSeat(ended = false): boolean {
  const own = ownToken();
  if (!own) return false;
  const workspace = seatWorkspace();
  storeToken(own);
  removeStorage(STORAGE_KEYS.ownAuthToken);
  removeStorage(STORAGE_KEYS.seatWorkspace);
  if (ended && workspace) writeStorage(STORAGE_KEYS.seatEnded, workspace.creator);
  return true;
}

/** The creator whose seat ended under the member, once: the notice is shown a single time. */
export function takeSeatEndedNotice(): string | null {
  const creator = readStorage(STORAGE_KEYS.seatEnded);
  if (creator !== null) removeStorage(STORAGE_KEYS.seatEnded);
  return creator;
}

/**
 * Whether a call made before the session is known (the page's first calls) is one the stored seat,
 * if any, may make: they go out before GET /v1/users/me has said who works this session.
 */
export function seatMayStart(name: keyof typeof SEAT_ACCESS): boolean {
  const workspace = seatWorkspace();
  return !workspace || seatMay(SEAT_ACCESS[name], workspace.permissions);
}
