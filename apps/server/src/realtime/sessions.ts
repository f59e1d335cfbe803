import { WS_NORMAL_CLOSE, WS_UNAUTHORIZED } from '@parlor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { users } from '../modules/users/service';
import { sessionExpiry, sessionsUsedSince } from '../plugins/auth';

/** How often a process looks for its sockets' sessions that expired unused. */
export const SESSION_SWEEP_MS = 60_000;
export const SESSION_SWEEP_JOB = 'sessions.close-expired-sockets';
/** Far longer than a token check takes; see `recentlyEnded`. */
const ENDED_MEMORY_MS = 60_000;
/**
 * Open sockets one session, and one account, may hold on a process: a page holds one, so this is
 * many tabs and devices, while a script on one token cannot hold thousands (some 40 KB each). A
 * socket over either cap closes the oldest. Counted per process: with N processes an account may
 * hold up to N times as many.
 */
export const SOCKETS_PER_SESSION = 10;
export const SOCKETS_PER_ACCOUNT = 30;
/**
 * The oldest socket over a cap closes normally (1000): the web client neither signs out (4001)
 * nor reconnects at once, which would close another tab's socket in turn; it reconnects when the
 * page is shown again.
 */
export const WS_REPLACED_REASON = 'Too many connections';
/** A session checked and found live re-arms its close no sooner than this (a clock that stands still). */
const MIN_EXPIRY_WAIT_MS = 50;

interface SessionSockets {
  sockets: Set<WebSocket>;
  /** Armed when the session expires sooner than the sweeps would notice: closes its sockets on time. */
  expiry?: NodeJS.Timeout;
}

/** Closes the oldest open sockets of `group` (kept in the order they attached) beyond `max`. */
function closeOldest(group: Set<WebSocket>, max: number) {
  const open = [...group].filter((ws) => ws.readyState === ws.OPEN);
  for (const ws of open.slice(0, Math.max(0, open.length - max)))
    ws.close(WS_NORMAL_CLOSE, WS_REPLACED_REASON);
}

/**
 * The sockets opened with each session's token, so that a session's end closes them: ended by
 * sign-out on any process (the hub tells), or expired unused, which the sweep finds once a minute
 * and a timer catches on time when the expiry comes sooner.
 */
export function createSessionSockets(ctx: AppContext, log: FastifyBaseLogger) {
  const bySession = new Map<string, SessionSockets>();

  const end = (tokenId: string) => {
    for (const ws of bySession.get(tokenId)?.sockets ?? []) ws.close(WS_UNAUTHORIZED, 'Session ended');
  };

  /**
   * Sessions ended lately, with when: a socket whose token was checked just before its session
   * ended attaches just after, and must be closed too.
   */
  const recentlyEnded = new Map<string, number>();
  const unsubscribe = ctx.hub.onSessionEnd((tokenId) => {
    const now = Date.now();
    for (const [id, at] of recentlyEnded) {
      if (at > now - ENDED_MEMORY_MS) break;
      recentlyEnded.delete(id);
    }
    recentlyEnded.set(tokenId, now);
    end(tokenId);
  });

  /**
   * Arms a timer for the session's expiry when the sweep might come too late for it (a sweep's
   * margin covers a late sweep); a later expiry is left to the sweep. A session's end moves with
   * every use, on any process, so the timer asks the database again before closing anything.
   */
  function expireAt(tokenId: string, lastUsedAt: Date) {
    const session = bySession.get(tokenId);
    if (!session) return;
    clearTimeout(session.expiry);
    session.expiry = undefined;
    const wait = sessionExpiry(ctx, lastUsedAt).getTime() - ctx.clock.now().getTime();
    if (wait >= 2 * SESSION_SWEEP_MS) return;
    session.expiry = setTimeout(
      () => {
        session.expiry = undefined;
        recheck(tokenId).catch((err: unknown) => log.warn({ err }, 'session expiry check failed'));
      },
      Math.max(wait, MIN_EXPIRY_WAIT_MS),
    );
    session.expiry.unref();
  }

  async function recheck(tokenId: string) {
    if (!bySession.has(tokenId)) return;
    const now = ctx.clock.now();
    const live = await users.liveSessions(ctx.db, [tokenId], sessionsUsedSince(ctx, now));
    const lastUsedAt = live.get(tokenId);
    if (lastUsedAt) expireAt(tokenId, lastUsedAt);
    else end(tokenId);
  }

  return {
    /** Whether the session ended just now: a socket checked before that must not attach. */
    endedLately: (tokenId: string) => recentlyEnded.has(tokenId),
    /**
     * Adds a socket to its session, closing the oldest over the session's and the account's caps
     * (`account`: the user's sockets here, in the order they attached).
     */
    add(ws: WebSocket, tokenId: string, lastUsedAt: Date, account: Set<WebSocket>) {
      const session = bySession.get(tokenId) ?? { sockets: new Set<WebSocket>() };
      bySession.set(tokenId, session);
      session.sockets.add(ws);
      closeOldest(session.sockets, SOCKETS_PER_SESSION);
      closeOldest(account, SOCKETS_PER_ACCOUNT);
      expireAt(tokenId, lastUsedAt);
    },
    remove(ws: WebSocket, tokenId: string) {
      const session = bySession.get(tokenId);
      if (!session) return;
      session.sockets.delete(ws);
      if (session.sockets.size > 0) return;
      clearTimeout(session.expiry);
      bySession.delete(tokenId);
    },
    /**
     * Closes the sockets whose session is over without having been ended: unused for the session
     * lifetime (SESSION_TTL_DAYS), or gone some other way the hub did not report. One statement
     * checks every session this process holds sockets for; answers how many sessions ended.
     */
    async closeExpired(now: Date): Promise<number> {
      const tokenIds = [...bySession.keys()];
      if (tokenIds.length === 0) return 0;
      const live = await users.liveSessions(ctx.db, tokenIds, sessionsUsedSince(ctx, now));
      let ended = 0;
      for (const tokenId of tokenIds) {
        const lastUsedAt = live.get(tokenId);
        if (lastUsedAt) {
          expireAt(tokenId, lastUsedAt);
          continue;
        }
        end(tokenId);
        ended++;
      }
      return ended;
    },
    /** Shutdown: no more session ends are listened to, and no timer holds the process. */
    stop() {
      unsubscribe();
      for (const session of bySession.values()) clearTimeout(session.expiry);
    },
  };
}
