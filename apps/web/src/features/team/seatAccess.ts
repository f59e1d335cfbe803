import { type ActingMember, SEAT_ACCESS, seatMay, type TeamPermission } from '@parlor/contract';
import { useAppSelector } from '../../platform/hooks';
import type { RootState } from '../../platform/storeTypes';

/** An endpoint of the contract's table, by name: what the seat table decides for. */
export type EndpointName = keyof typeof SEAT_ACCESS;

/**
 * Whether the session may make this call: always outside a team seat, and in one when the seat table
 * lets its permissions. The web app hides what a seat may not do rather than letting it meet a 403.
 */
export function seatAllows(
  user: { acting_member?: ActingMember | undefined } | null | undefined,
  name: EndpointName,
): boolean {
  const seat = user?.acting_member;
  return !seat || seatMay(SEAT_ACCESS[name], seat.permissions);
}

/**
 * Whether the session holds `permission`: always outside a seat. For rules on top of the table,
 * such as a paid message needing `paid` besides the send's own `chats`.
 */
export function seatHas(
  user: { acting_member?: ActingMember | undefined } | null | undefined,
  permission: TeamPermission,
): boolean {
  const seat = user?.acting_member;
  return !seat || seat.permissions.includes(permission);
}

/** The team member working this session, or null for the account holder herself. */
export const selectSeat = (state: RootState): ActingMember | null => state.auth.user?.acting_member ?? null;

export const selectSeatAllows = (state: RootState, name: EndpointName) => seatAllows(state.auth.user, name);

export function useSeatAllows(name: EndpointName): boolean {
  return useAppSelector((s) => selectSeatAllows(s, name));
}

/**
 * The screens of the app by path, each with the call it cannot work without: a seat that may not
 * make it does not see the screen in the navigation, nor open it from a link. The first match wins.
 */
const SCREEN_CALLS: readonly (readonly [RegExp, EndpointName])[] = [
  [/^\/chats\/[^/]+/, 'getChat'],
  [/^\/chats\/?$/, 'listChats'],
  [/^\/broadcast/, 'listBroadcasts'],
  [/^\/auto-messages/, 'listAutoMessages'],
  // Lists are the inbox's tabs and broadcasts' audiences: a seat with chats or broadcasts has them.
  [/^\/lists/, 'listFanLists'],
  [/^\/feed/, 'listFeed'],
  [/^\/account\/edit-profile/, 'updateUser'],
  [/^\/account\/settings\/(privacy|notifications|spending)/, 'updateUser'],
  [/^\/account\/settings\/payouts/, 'getPayoutDefaults'],
  [/^\/account\/settings\/sessions/, 'listSessions'],
  [/^\/account\/settings\/password/, 'changePassword'],
  [/^\/account\/settings\/security/, 'twoFactorStatus'],
  [/^\/account\/settings\/storage/, 'mediaUsage'],
  [/^\/account\/settings\/team/, 'listTeamMembers'],
  [/^\/account\/settings\/saved-replies/, 'listSavedReplies'],
  [/^\/account\/get-credits/, 'pay'],
  [/^\/account\/subscriptions/, 'listSubscriptions'],
  [/^\/account\/purchases/, 'listPurchases'],
  [/^\/account\/referrals/, 'listReferrals'],
  [/^\/account\/become-creator/, 'apply'],
  [/^\/account\/earnings/, 'accountTotals'],
  // Every seat that sends media picks from the vault; managing it is the `vault` permission's.
  [/^\/account\/vault/, 'deleteFromVault'],
  [/^\/admin/, 'adminUsers'],
  [/^\/team\/join/, 'joinTeam'],
];

/** Whether a seat holding `permissions` may open the screen at `pathname` (any other screen: yes). */
export function seatMayOpen(pathname: string, permissions: readonly TeamPermission[]): boolean {
  const call = SCREEN_CALLS.find(([path]) => path.test(pathname))?.[1];
  return !call || seatMay(SEAT_ACCESS[call], permissions);
}

/** Where a seat's page opens: the inbox, or the account screen for a seat without one. */
export function seatHome(permissions: readonly TeamPermission[]): string {
  return seatMayOpen('/chats', permissions) ? '/chats' : '/account';
}
