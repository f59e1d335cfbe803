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

/**
 * A nav entry is current on its own path (the spec's match) and on the pages under it, so
 * "Chats" stays highlighted inside a conversation (/chats/{userId}).
 */
export function navIsCurrent(route: RouteDefinition, pathname: string): boolean {
  return routeMatches(route, pathname) || pathname.startsWith(`${matchablePath(route.path)}/`);
}
