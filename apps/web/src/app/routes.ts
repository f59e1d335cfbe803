// The web app's entry routing by path prefix, and the paths its first calls are made on.

export type EntryScreen = 'login' | 'mobile' | 'branch' | '3ds-callback' | 'maintenance' | 'unban' | 'main';

/** Pages shown with the sign-in screens, signed in or not: the password reset and the legal pages. */
export const SIGNED_OUT_PATHS = ['/reset-password', '/terms', '/privacy'];

/** Entry screens other than the signed-in app, by the path prefix that opens them. */
const ENTRY_PREFIXES: readonly (readonly [string, Exclude<EntryScreen, 'main'>])[] = [
  ['/login', 'login'],
  ['/mobile', 'mobile'],
  ['/branch', 'branch'],
  ['/3ds-callback', '3ds-callback'],
  ['/maintenance', 'maintenance'],
  ['/unban', 'unban'],
];

export function entryScreen(pathname: string): EntryScreen {
  if (SIGNED_OUT_PATHS.includes(pathname.replace(/\/$/, ''))) return 'login';
  return ENTRY_PREFIXES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'main';
}

/**
 * The paths the inbox's list is on: its own (what a phone shows first) and a conversation's (beside
 * it on a wide screen, behind it on a phone, and loaded either way).
 */
export const INBOX_PATHS = /^\/(?:chats(?:\/[^/]+)?)?\/?$/;
export const showsInbox = (pathname: string) => INBOX_PATHS.test(pathname);

/** A conversation's path: the other user's id (URL-encoded) is its one group. */
export const CONVERSATION_PATH = /^\/chats\/([^/]+)\/?$/;

/**
 * The paths `entryScreen` opens something other than the signed-in app on, as one pattern: the
 * build writes it into the page's inline start script (apps/web/appPreload.ts), which runs before
 * any module has loaded.
 */
export function notMainPattern(): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const prefixes = ENTRY_PREFIXES.map(([prefix]) => literal(prefix)).join('|');
  const exact = SIGNED_OUT_PATHS.map(literal).join('|');
  return new RegExp(`^(?:${prefixes}|(?:${exact})/?$)`);
}
