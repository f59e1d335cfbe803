import { type Endpoint, type EndpointResult, endpointPath } from '@parlor/contract';
import { type CallArgs, call } from './api';
import { storedToken } from './browser';
import { type Query, queryString } from './http';

/**
 * The calls a signed-in page needs first and that ask only for the session's token (which ones is
 * app/early.ts's): a page opened on the signed-in app starts them while its script is still being
 * evaluated (main.tsx), before React's first render and without waiting for the session; the code
 * that needs each asks for the same request through `earlyOrCall` and takes the answer on its way
 * (once), so nothing is asked for twice. The page's inline start script usually made the same calls
 * already (startedCalls.ts): `call` then takes its answers.
 */
const slots = new Map<string, { token: string; answer: Promise<unknown> }>();

/** A GET's method, path and query: what two calls of the same request share. */
function requestKey(endpoint: Endpoint, input: unknown): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: Query };
  return `${endpoint.method} ${endpointPath(endpoint, params)}${queryString(query)}`;
}

/** Starts one call now, when a token is stored, for `earlyOrCall` to take. */
export function startEarly<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): void {
  const token = storedToken();
  const key = requestKey(endpoint, args[0]);
  if (!token || slots.has(key)) return;
  const answer = call(endpoint, ...args);
  // A failure is the taker's to handle; an answer never taken is no unhandled rejection.
  answer.catch(() => undefined);
  slots.set(key, { token, answer });
}

/**
 * The answer started early for this same request, once; otherwise (none started, or started for a
 * session that has since ended) the call made now.
 */
export function earlyOrCall<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<EndpointResult<E>> {
  const key = requestKey(endpoint, args[0]);
  const slot = slots.get(key);
  slots.delete(key);
  if (slot && slot.token === storedToken()) return handOver(slot.answer as Promise<EndpointResult<E>>);
  return call(endpoint, ...args);
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
