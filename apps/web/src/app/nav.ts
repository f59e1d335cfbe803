import { defineRoute, matchablePath, type RouteDefinition, routeMatches } from './routes';

// The default path is derived from the name (Chats -> /chats).
export const NAV_ROUTES = {
  chats: defineRoute('Chats'),
  feed: defineRoute('Feed'),
  discover: defineRoute('Discover'),
  account: defineRoute('Account'),
} as const satisfies Record<string, RouteDefinition>;

export const NAV_ORDER = [
  NAV_ROUTES.chats,
  NAV_ROUTES.feed,
  NAV_ROUTES.discover,
  NAV_ROUTES.account,
] as const;

/** Other paths a nav entry stands for: the creators' chat areas besides Messenger belong to Chats. */
const NAV_ALSO: Record<string, string[]> = {
  [NAV_ROUTES.chats.path]: ['/broadcast', '/auto-messages'],
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
