import { defineRoute, matchablePath, type RouteDefinition, routeMatches } from './routes';

// The default path is derived from the name (Chats -> /chats).
export const NAV_ROUTES = {
  chats: defineRoute('Chats'),
  feed: defineRoute('Feed'),
  discover: defineRoute('Discover'),
  account: defineRoute('Account'),
  vault: defineRoute('Vault', { path: '/account/vault' }),
  earnings: defineRoute('Earnings', { path: '/account/earnings/summary' }),
} as const satisfies Record<string, RouteDefinition>;

export const NAV_ORDER = [
  NAV_ROUTES.chats,
  NAV_ROUTES.feed,
  NAV_ROUTES.discover,
  NAV_ROUTES.account,
] as const;

/**
 * A creator's navigation: their inbox (with broadcasts and automatic messages beside it), their
 * feed, vault and earnings. Discover stays in the sidebar; the phone's tab bar keeps five entries.
 */
export const CREATOR_NAV_ORDER = [
  NAV_ROUTES.chats,
  NAV_ROUTES.feed,
  NAV_ROUTES.vault,
  NAV_ROUTES.earnings,
  NAV_ROUTES.discover,
  NAV_ROUTES.account,
] as const;
export const CREATOR_TABBAR_ORDER = [
  NAV_ROUTES.chats,
  NAV_ROUTES.feed,
  NAV_ROUTES.vault,
  NAV_ROUTES.earnings,
  NAV_ROUTES.account,
] as const;

/** Other paths a nav entry stands for: the creators' chat areas besides Messenger belong to Chats. */
const NAV_ALSO: Record<string, string[]> = {
  [NAV_ROUTES.chats.path]: ['/broadcast', '/auto-messages'],
  [NAV_ROUTES.earnings.path]: ['/account/earnings'],
};

const under = (base: string, pathname: string) =>
  pathname === base || pathname === `${base}/` || pathname.startsWith(`${base}/`);

/**
 * A nav entry is current on its own path (the spec's match) and on the pages under it, so
 * "Chats" stays highlighted inside a conversation (/chats/{userId}) and in the other chat areas.
 */
export function navIsCurrent(route: RouteDefinition, pathname: string): boolean {
  return (
    routeMatches(route, pathname) ||
    pathname.startsWith(`${matchablePath(route.path)}/`) ||
    (NAV_ALSO[route.path] ?? []).some((base) => under(base, pathname))
  );
}

/**
 * The one entry to highlight: of those current on `pathname`, the most specific, so the vault
 * (/account/vault) lights Vault rather than Account as well.
 */
export function currentNavPath(routes: readonly RouteDefinition[], pathname: string): string | null {
  let best: RouteDefinition | null = null;
  for (const route of routes) {
    if (!navIsCurrent(route, pathname)) continue;
    if (!best || route.path.length > best.path.length) best = route;
  }
  return best?.path ?? null;
}
