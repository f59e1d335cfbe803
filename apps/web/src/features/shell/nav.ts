import { defineRoute, matchablePath, type RouteDefinition, routeMatches } from '../../platform/routing';

// The default path is derived from the name (Chats -> /chats).
export const NAV_ROUTES = {
  chats: defineRoute('Chats'),
  feed: defineRoute('Feed'),
  discover: defineRoute('Discover'),
  account: defineRoute('Account'),
  vault: defineRoute('Vault', { path: '/account/vault' }),
  earnings: defineRoute('Earnings', { path: '/account/earnings/summary' }),
  moderation: defineRoute('Moderation', { path: '/admin' }),
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

/** An admin's navigation: a fan's, with the moderation console beside Account. */
export const ADMIN_NAV_ORDER = [
  NAV_ROUTES.chats,
  NAV_ROUTES.feed,
  NAV_ROUTES.discover,
  NAV_ROUTES.moderation,
  NAV_ROUTES.account,
] as const;

/** Who the frame is dressed for: what the header shows where a fan sees credits, and the nav. */
export interface Chrome {
  kind: 'fan' | 'creator' | 'admin';
  /** The words under the name in the sidebar and on the account card. */
  roleLabel: string;
  sidebar: readonly RouteDefinition[];
  tabbar: readonly RouteDefinition[];
}

/**
 * The admin role wins over the account type: an admin runs the platform rather than buying credits
 * (no credits pill, no Buy credits), so their header and nav lead to the console. A creator who is
 * an admin keeps their own areas, with Moderation in Earnings' tab bar place (the header pill
 * still reaches Earnings) so the phone's bar keeps five entries.
 */
export function chromeFor(
  user: { type: string; role: string } | null | undefined,
  /** Areas the account's feature flags turned off: their entries leave the nav. */
  off: { vault?: boolean } = {},
): Chrome {
  const chrome = baseChrome(user);
  if (!off.vault) return chrome;
  const keep = (routes: readonly RouteDefinition[]) => routes.filter((r) => r !== NAV_ROUTES.vault);
  return { ...chrome, sidebar: keep(chrome.sidebar), tabbar: keep(chrome.tabbar) };
}

function baseChrome(user: { type: string; role: string } | null | undefined): Chrome {
  const creator = user?.type === 'featured';
  if (user?.role === 'admin') {
    return creator
      ? {
          kind: 'admin',
          roleLabel: 'Admin',
          sidebar: [...CREATOR_NAV_ORDER.slice(0, -1), NAV_ROUTES.moderation, NAV_ROUTES.account],
          tabbar: [
            NAV_ROUTES.chats,
            NAV_ROUTES.feed,
            NAV_ROUTES.vault,
            NAV_ROUTES.moderation,
            NAV_ROUTES.account,
          ],
        }
      : { kind: 'admin', roleLabel: 'Admin', sidebar: ADMIN_NAV_ORDER, tabbar: ADMIN_NAV_ORDER };
  }
  if (creator) {
    return {
      kind: 'creator',
      roleLabel: 'Creator',
      sidebar: CREATOR_NAV_ORDER,
      tabbar: CREATOR_TABBAR_ORDER,
    };
  }
  return { kind: 'fan', roleLabel: 'Fan', sidebar: NAV_ORDER, tabbar: NAV_ORDER };
}

/** Other paths a nav entry stands for: the creators' chat areas besides Messenger belong to Chats. */
const NAV_ALSO: Record<string, string[]> = {
  [NAV_ROUTES.chats.path]: ['/broadcast', '/auto-messages', '/lists'],
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
