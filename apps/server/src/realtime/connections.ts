import type { Socket } from 'node:net';
import { ClientEvents, Frame, WS_NORMAL_CLOSE, WS_RESYNC, WS_UNAUTHORIZED } from '@parlor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import type { PeriodicTask } from '../jobs/scheduler';
import { PRESENCE_STALE_MS } from '../modules/chats/categories';
import { findMember } from '../modules/chats/repository';
import { usersRepository } from '../modules/users/repository';
import { sessionsUsedSince } from '../plugins/auth';
import type { PresenceCounter } from './presence';
import { markOffline, onlinePartnerIds, type PartnersOnline, setPresence, sweepStale } from './repository';

const HEARTBEAT_MS = 30_000;
/** How often a process looks for its sockets' sessions that expired unused. */
const SESSION_SWEEP_MS = 60_000;
export const SESSION_SWEEP_JOB = 'sessions.close-expired-sockets';
/** Users whose freshness one statement renews. */
const REFRESH_SLICE = 500;
const BANNED_FRAME = '{"event":"banned"';
/** At most this many online partners go in `init`; more than that and it says the list is partial. */
const INIT_ONLINE_LIMIT = 1000;
/** Stop writing to a socket that is this far behind; it will reconnect and resync. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
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

interface SocketState {
  userId: string;
  visible: boolean;
  /** chat id -> the other member, cached after the first typing event. */
  chats: Map<string, string>;
}

/**
 * This process's sockets: delivers hub frames to them, runs the client protocol (ping, visibility,
 * typing) and keeps presence. Nothing here is shared state: presence and delivery go through the
 * hub and the presence counter, so any number of processes behave as one.
 */
export function createConnections(ctx: AppContext, presence: PresenceCounter, log: FastifyBaseLogger) {
  const sockets = new Map<string, Set<WebSocket>>();
  /** The sockets opened with each session's token, so that ending the session closes them. */
  const bySession = new Map<string, Set<WebSocket>>();
  /** Set by close(): sockets closing for shutdown leave presence to close(), not one query each. */
  let closing = false;
  /** Per user, how many of this process's sockets show a visible page (push waits for none). */
  const visibleCounts = new Map<string, number>();
  const changeVisible = (userId: string, delta: number) => {
    const n = Math.max(0, (visibleCounts.get(userId) ?? 0) + delta);
    if (n > 0) visibleCounts.set(userId, n);
    else visibleCounts.delete(userId);
    presence.setVisible(userId, n).catch((err: unknown) => log.warn({ err }, 'visibility update failed'));
  };
  /** Presence updates of sockets that closed before shutdown; shutdown waits for them. */
  const detaching = new Set<Promise<void>>();

  /**
   * Frames delivered in one go (the hub hands over a turn's events together) leave each socket in
   * one write: the socket is corked on its first frame and uncorked once the current work is done.
   */
  const corked = new Set<Socket>();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  const deliver = (ws: WebSocket, frame: string) => {
    const socket = (ws as WebSocket & { _socket?: Socket })._socket;
    if (socket && !corked.has(socket)) {
      if (corked.size === 0) process.nextTick(uncorkAll);
      socket.cork();
      corked.add(socket);
    }
    ws.send(frame);
  };

  const unsubscribe = ctx.hub.subscribe((userId, frame) => {
    const set = sockets.get(userId);
    if (!set) return;
    // A banned user's tokens are revoked with the ban; their open sockets end after the event.
    const banned = frame.startsWith(BANNED_FRAME);
    for (const ws of set) {
      if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_BUFFERED_BYTES) deliver(ws, frame);
      if (banned) ws.close(WS_UNAUTHORIZED, 'Account banned');
    }
  });

  /**
   * Sessions ended lately, with when: a socket whose token was checked just before its session
   * ended attaches just after, and must be closed too.
   */
  const recentlyEnded = new Map<string, number>();
  const unsubscribeSessions = ctx.hub.onSessionEnd((tokenId) => {
    const now = Date.now();
    for (const [id, at] of recentlyEnded) {
      if (at > now - ENDED_MEMORY_MS) break;
      recentlyEnded.delete(id);
    }
    recentlyEnded.set(tokenId, now);
    endSession(tokenId);
  });

  /**
   * Sockets closed for a resync, whose users are expected back within seconds: they leave the
   * presence count without an offline announcement (and its queries) each, as at shutdown. A user
   * who does not come back goes offline with the stale sweep.
   */
  const resyncing = new WeakSet<WebSocket>();
  const unsubscribeResync = ctx.hub.onResync(() => {
    for (const set of sockets.values()) {
      for (const ws of set) {
        resyncing.add(ws);
        ws.close(WS_RESYNC, 'Reconnect to catch up');
      }
    }
  });

  const endSession = (tokenId: string) => {
    for (const ws of bySession.get(tokenId) ?? []) ws.close(WS_UNAUTHORIZED, 'Session ended');
  };

  /** Closes the oldest open sockets of `group` (kept in the order they attached) beyond `max`. */
  const closeOldest = (group: Set<WebSocket>, max: number) => {
    const open = [...group].filter((ws) => ws.readyState === ws.OPEN);
    for (const ws of open.slice(0, Math.max(0, open.length - max)))
      ws.close(WS_NORMAL_CLOSE, WS_REPLACED_REASON);
  };

  const send = (ws: WebSocket, event: string, data: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, data }));
  };

  const fresh = () => new Date(ctx.clock.now().getTime() - PRESENCE_STALE_MS);

  /**
   * A user's presence changes in this process run one after another, in the order their sockets
   * opened and closed. A socket that closes while its opening is still being recorded would
   * otherwise be marked offline first and online after (and announced so): a page that reconnects
   * as it closes left its user online for good.
   */
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = turns.get(userId) ?? Promise.resolve();
    const current = previous.then(work, work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    turns.set(userId, settled);
    void settled.then(() => {
      if (turns.get(userId) === settled) turns.delete(userId);
    });
    return current;
  }

  /**
   * Tells the user's online chat partners (and the user's other sockets) that they came or went. A
   * user in invisible mode is announced to no partner: to them the user stays offline.
   */
  function announce(userId: string, around: PartnersOnline, event: 'user_online' | 'user_offline', at: Date) {
    const data = { user_id: userId, last_online: at.toISOString() };
    if (!around.invisible) for (const id of around.online) ctx.hub.publish(id, event, data);
    ctx.hub.publish(userId, event, data);
  }

  async function chatPartner(state: SocketState, chatId: string): Promise<string | undefined> {
    const cached = state.chats.get(chatId);
    if (cached) return cached;
    if (!/^[0-9a-f-]{36}$/i.test(chatId)) return undefined;
    const other = (await findMember(ctx.db, chatId, state.userId))?.other_user_id;
    if (other) state.chats.set(chatId, other);
    return other;
  }

  async function onFrame(ws: WebSocket, state: SocketState, raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const frame = Frame.safeParse(json);
    if (!frame.success) return;
    switch (frame.data.event) {
      case 'ping':
        send(ws, 'pong', { ts: Date.now() });
        return;
      case 'visibility': {
        const v = ClientEvents.visibility.safeParse(frame.data.data);
        if (!v.success) return;
        const visible = v.data.state === 'visible';
        if (visible !== state.visible) changeVisible(state.userId, visible ? 1 : -1);
        state.visible = visible;
        return;
      }
      case 'typing': {
        const t = ClientEvents.typing.safeParse(frame.data.data);
        if (!t.success) return;
        const other = await chatPartner(state, t.data.chat_id);
        if (!other) return;
        const event = t.data.state === 'start' ? 'typing_start' : 'typing_stop';
        ctx.hub.publish(other, event, { sender_id: state.userId, chat_id: t.data.chat_id });
        return;
      }
    }
  }

  async function attach(ws: WebSocket, userId: string, tokenId: string) {
    // A connection reset while the token was being checked has closed already, and its close event
    // is gone: counting it would leave the user online for good.
    if (ws.readyState !== ws.OPEN) return;
    if (recentlyEnded.has(tokenId)) {
      ws.close(WS_UNAUTHORIZED, 'Session ended');
      return;
    }
    const state: SocketState = { userId, visible: true, chats: new Map() };
    changeVisible(userId, 1);
    const set = sockets.get(userId) ?? new Set<WebSocket>();
    sockets.set(userId, set);
    set.add(ws);
    const session = bySession.get(tokenId) ?? new Set<WebSocket>();
    bySession.set(tokenId, session);
    session.add(ws);
    closeOldest(session, SOCKETS_PER_SESSION);
    closeOldest(set, SOCKETS_PER_ACCOUNT);
    ws.on('message', (data) => {
      onFrame(ws, state, data.toString()).catch((err: unknown) => log.warn({ err }, 'socket frame failed'));
    });
    ws.on('close', () => {
      if (state.visible) changeVisible(userId, -1);
      set.delete(ws);
      if (set.size === 0) sockets.delete(userId);
      session.delete(ws);
      if (session.size === 0) bySession.delete(tokenId);
      if (closing) return;
      const quietly = resyncing.has(ws);
      const leaving = inTurn(userId, async () => {
        if (quietly) await presence.disconnect(userId);
        else await detach(userId);
      }).catch((err: unknown) => log.warn({ err }, 'presence update failed'));
      detaching.add(leaving);
      void leaving.finally(() => detaching.delete(leaving));
    });

    await inTurn(userId, async () => {
      const now = ctx.clock.now();
      const first = await presence.connect(userId);
      await setPresence(ctx.db, [userId], true, now);
      // One lookup serves both: init's list (capped) and, on a first socket, the announcement.
      const around = await onlinePartnerIds(ctx.db, userId, fresh());
      send(ws, 'init', {
        user_id: userId,
        online_user_ids: around.shown.slice(0, INIT_ONLINE_LIMIT),
        online_complete: around.shown.length <= INIT_ONLINE_LIMIT,
      });
      if (first) announce(userId, around, 'user_online', now);
    });
  }

  async function detach(userId: string) {
    // Taken before asking whether this was the last socket: a socket opened on another process
    // after this moment wrote a later `last_online`, and this offline mark must not undo it (the
    // other process may register its socket only after this one looked).
    const now = ctx.clock.now();
    const last = await presence.disconnect(userId);
    if (!last) return;
    if (!(await markOffline(ctx.db, userId, now))) return;
    announce(userId, await onlinePartnerIds(ctx.db, userId, fresh()), 'user_offline', now);
  }

  return {
    attach,
    /** Whether the user has a visible page open on any process. */
    isVisible: (userId: string) => presence.anyVisible(userId),
    /** Whether the user has a visible page on this process: a synchronous first answer. */
    visibleHere: (userId: string) => visibleCounts.has(userId),
    count: () => [...sockets.values()].reduce((n, s) => n + s.size, 0),
    has: (userId: string) => sockets.has(userId),
    /**
     * Heartbeat: keeps this process's users fresh, in slices so that thousands of users are not one
     * burst of writes.
     */
    async refresh(now: Date) {
      await presence.heartbeat();
      const ids = [...sockets.keys()];
      for (let i = 0; i < ids.length; i += REFRESH_SLICE) {
        await setPresence(ctx.db, ids.slice(i, i + REFRESH_SLICE), true, now);
      }
    },
    /**
     * Closes the sockets whose session is over without having been ended: unused for the session
     * lifetime (SESSION_TTL_DAYS), or gone some other way the hub did not report. One statement
     * checks every session this process holds sockets for; answers how many sessions ended.
     */
    async closeExpired(now: Date): Promise<number> {
      const tokenIds = [...bySession.keys()];
      if (tokenIds.length === 0) return 0;
      const live = await usersRepository.liveSessionIds(ctx.db, tokenIds, sessionsUsedSince(ctx, now));
      let ended = 0;
      for (const tokenId of tokenIds) {
        if (live.has(tokenId)) continue;
        endSession(tokenId);
        ended++;
      }
      return ended;
    },
    /**
     * Shutdown: every socket closes (clients reconnect to another process) and this process's
     * users whose last socket it held go offline in one statement, before the database closes.
     * Their partners are not told one by one; a user who does not come back elsewhere shows as
     * offline from the next list or reconnect.
     */
    async close() {
      closing = true;
      unsubscribe();
      unsubscribeSessions();
      unsubscribeResync();
      for (const set of sockets.values()) for (const ws of set) ws.close(1001, 'Server shutting down');
      await Promise.all(detaching);
      const gone = await presence.close();
      if (gone.length > 0) {
        await setPresence(ctx.db, gone, false, ctx.clock.now()).catch((err: unknown) =>
          log.warn({ err }, 'presence update at shutdown failed'),
        );
      }
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;

/**
 * The connection jobs, for the app to register: every process keeps its own users fresh and closes
 * its sockets whose session expired, and whichever process runs the shared sweep marks offline
 * anyone whose heartbeat went stale (a crashed process).
 */
export function connectionJobs(ctx: AppContext, connections: Connections): PeriodicTask[] {
  return [
    {
      name: 'presence.refresh',
      intervalMs: HEARTBEAT_MS,
      perProcess: true,
      async run(now) {
        await connections.refresh(now);
        return 0;
      },
    },
    {
      // A session's end moves with every use, made by any process: rather than timers re-armed on
      // each use, each process asks once a minute which of its sockets' sessions are still live.
      name: SESSION_SWEEP_JOB,
      intervalMs: SESSION_SWEEP_MS,
      perProcess: true,
      run: (now) => connections.closeExpired(now),
    },
    {
      name: 'presence.sweep',
      intervalMs: HEARTBEAT_MS,
      run: (now) => sweepStale(ctx.db, new Date(now.getTime() - PRESENCE_STALE_MS)),
    },
  ];
}
