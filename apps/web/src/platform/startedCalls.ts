/**
 * The answers of the calls a signed-in page's inline start script made before any module loaded
 * (what it asks for is app/startCalls.ts): kept under their URL in `window[START_GLOBAL]`, each is
 * handed to the first GET of that URL with the same token, once.
 */
export const START_GLOBAL = '__parlorStart';

export interface StartedCalls {
  token: string;
  /** When the script ran (ms since the epoch). */
  at: number;
  byUrl: Record<string, Promise<Response | null> | undefined>;
}

/**
 * An answer the start script got is handed over only this long after it ran: it is for the first
 * screen, and one its page never asked for (a redirect, a screen left at once) must not stand in
 * for a fresh call minutes later.
 */
export const STARTED_CALL_TTL_MS = 30_000;

/**
 * The answer the start script got for a GET of `url`, once, when it was asked for with `token`;
 * otherwise nothing (the caller fetches). A start that failed on the network answers null here too.
 */
export function takeStartedCall(
  url: string,
  token: string | null,
  now = Date.now(),
): Promise<Response | null> | undefined {
  const started = (globalThis as { [START_GLOBAL]?: StartedCalls })[START_GLOBAL];
  if (!started || !token || started.token !== token) return undefined;
  if (now - started.at > STARTED_CALL_TTL_MS) {
    started.byUrl = {};
    return undefined;
  }
  const answer = started.byUrl[url];
  if (answer) delete started.byUrl[url];
  return answer;
}
