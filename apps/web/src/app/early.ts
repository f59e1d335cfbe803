import { endpoints } from '@parlor/contract';
import { call } from './api';
import { storedToken } from './browser';
import { showsInbox } from './routes';
import { FIRST_QUERIES } from './startCalls';

/**
 * The calls a signed-in page needs first and that ask only for the session's token: the session,
 * the provider config, the area intros closed and the platform's notice. A page opened on the
 * signed-in app starts them while its script is still being evaluated (main.tsx), before React's
 * first render and without waiting for the session; the code that needs each takes the answer on
 * its way (once), so nothing is asked for twice. The page's inline start script usually made the
 * same calls already (app/startCalls.ts): `call` then takes its answers.
 */
const EARLY_CALLS = {
  session: () => call(endpoints.me),
  providerConfig: () => call(endpoints.providerConfig, { query: FIRST_QUERIES.providerConfig }),
  intros: () => call(endpoints.intros),
  notice: () => call(endpoints.platformNotice),
  /** Only on the paths the inbox's list is on (its own, a conversation's). */
  inboxFirstPage: () => call(endpoints.listChats, { query: FIRST_QUERIES.inboxFirstPage }),
};
type EarlyKey = keyof typeof EARLY_CALLS;
type EarlyAnswer<K extends EarlyKey> = Awaited<ReturnType<(typeof EARLY_CALLS)[K]>>;

const slots = new Map<EarlyKey, { token: string; answer: Promise<unknown> }>();

/** Starts the early calls of a page opened on `pathname`, when a token is stored. */
export function startEarlyCalls(pathname: string): void {
  const token = storedToken();
  if (!token) return;
  for (const key of Object.keys(EARLY_CALLS) as EarlyKey[]) {
    if (slots.has(key) || (key === 'inboxFirstPage' && !showsInbox(pathname))) continue;
    const answer = EARLY_CALLS[key]();
    // A failure is the taker's to handle; an answer never taken is no unhandled rejection.
    answer.catch(() => undefined);
    slots.set(key, { token, answer });
  }
}

/**
 * The answer started early under `key`, once; otherwise (none started, or started for a session
 * that has since ended) the call made now.
 */
export function earlyOrCall<K extends EarlyKey>(key: K): Promise<EarlyAnswer<K>> {
  const slot = slots.get(key);
  slots.delete(key);
  if (slot && slot.token === storedToken()) {
    return handOver(slot.answer as Promise<EarlyAnswer<K>>);
  }
  return EARLY_CALLS[key]() as Promise<EarlyAnswer<K>>;
}

/**
 * An answer asked for early, settled in a task of its own. It has often arrived before anyone takes
 * it: handed over at once, it would be stored and rendered in the same task as the render that asked
 * for it, and one answer after another (session, intros, the intro popup) would make one long task
 * of a page's start instead of several short ones the browser can paint and take input between.
 */
export function handOver<T>(answer: Promise<T>): Promise<T> {
  return answer.finally(nextTask);
}

function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Forgets what was started (tests). */
export function clearEarlyCalls(): void {
  slots.clear();
}
