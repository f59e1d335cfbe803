// What a signed-out visitor may open, and how an action that needs an account brings them back.

/** First path segments of the signed-in app's own screens; any other single segment is a profile. */
const APP_SEGMENTS = ['chats', 'broadcast', 'feed', 'discover', 'account', 'auto-messages', 'admin'];

/** Discover and a creator's page (`/{username}`) open without an account; every other screen needs one. */
export function isGuestPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/discover') return true;
  const segment = /^\/([^/]+)$/.exec(path)?.[1];
  return segment !== undefined && !APP_SEGMENTS.includes(segment);
}

/** What the visitor was about to do on a creator's page; it goes on by itself once they are in. */
export type GuestIntent = 'message' | 'follow';
const INTENT_PARAM = 'then';
const INTENTS: readonly GuestIntent[] = ['message', 'follow'];

/**
 * Sign-in (with its link to sign-up), then back to `path`: with an intent, the page carries it on
 * (`?then=message` opens the chat) instead of leaving the visitor to tap the button again.
 */
export function signInFor(path: string, intent?: GuestIntent): string {
  return `/login?next=${encodeURIComponent(intent ? withIntent(path, intent) : path)}`;
}

/** A creator's page that goes on to `intent` as it opens (`?then=message` opens the chat). */
export function withIntent(path: string, intent: GuestIntent): string {
  return `${path}?${INTENT_PARAM}=${intent}`;
}

/** The same, to the sign-up form: a visitor is more often new than returning. */
export function signUpFor(path: string): string {
  return `/login/signup?next=${encodeURIComponent(path)}`;
}

export function intentOf(search: string): GuestIntent | null {
  const value = new URLSearchParams(search).get(INTENT_PARAM);
  return INTENTS.find((intent) => intent === value) ?? null;
}

/** The address without the intent, once it has been carried out (a reload does not repeat it). */
export function withoutIntent(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(INTENT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
