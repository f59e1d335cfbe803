import { endpoints, type SeatSession, type TeamWorkspace } from '@parlor/contract';
import { call } from '../../platform/api';
import { reloadAt, storedToken } from '../../platform/browser';
import { enterSeat, inSeat, leaveSeat, ownToken } from '../../platform/seatSession';
import { seatHome } from './seatAccess';

/** What switching talks to: the API and the page (tests hand in their own). */
export interface SwitchDeps {
  /** POST /v1/team/workspaces/{id}/session with the member's own token. */
  openSeat(creatorId: string, own: string): Promise<SeatSession>;
  /** DELETE /v1/auth with the active (seat) token; failing is fine: the seat is left either way. */
  endSeatSession(): Promise<void>;
  /** GET /v1/team/workspaces with the member's own token. */
  listWorkspaces(own: string): Promise<TeamWorkspace[]>;
  reload(path: string): void;
}

export const apiSwitchDeps: SwitchDeps = {
  openSeat: (creatorId, own) => call(endpoints.openSeat, { params: { creatorId } }, { token: own }),
  endSeatSession: () =>
    call(endpoints.signOut, {}, { handleUnauthorized: false }).then(
      () => undefined,
      () => undefined,
    ),
  listWorkspaces: (own) => call(endpoints.listWorkspaces, {}, { token: own }).then((r) => r.data),
  reload: reloadAt,
};

/** The member's own session: the one kept aside while in a seat, else the active one. */
const ownSession = () => ownToken() ?? storedToken();

/**
 * The creators whose team the member is on, asked with their own session (a seat may not ask),
 * so the switcher lists them from a seat too.
 */
export function workspaces(deps: SwitchDeps = apiSwitchDeps): Promise<TeamWorkspace[]> {
  const own = ownSession();
  return own ? deps.listWorkspaces(own) : Promise.resolve([]);
}

/**
 * Opens a creator's workspace: a seat token asked for with the member's own session becomes the
 * active one (the own waits under `own-auth-token`), and the page reloads into her inbox so nothing
 * of the other session stays in memory. From one seat to another, the seat left ends on the server.
 */
export async function openWorkspace(creatorId: string, deps: SwitchDeps = apiSwitchDeps): Promise<void> {
  const own = ownSession();
  if (!own) return;
  const seat = await deps.openSeat(creatorId, own);
  if (inSeat()) await deps.endSeatSession();
  enterSeat(own, seat.access_token, {
    creatorId: seat.creator._id,
    creator: seat.creator.username,
    permissions: seat.permissions,
  });
  deps.reload(seatHome(seat.permissions));
}

/**
 * "Back to my account": the seat's session ends, the own one is the active one again, and the page
 * reloads at `path` (the member's inbox).
 */
export async function backToOwnAccount(deps: SwitchDeps = apiSwitchDeps, path = '/chats'): Promise<void> {
  if (!inSeat()) return;
  await deps.endSeatSession();
  leaveSeat();
  deps.reload(path);
}
