import { WS_UNAUTHORIZED } from '@parlor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import type { PeriodicTask } from '../jobs/scheduler';
import { PRESENCE_STALE_MS } from '../modules/users/presence';
import { createDelivery } from './delivery';
import { createOnline } from './online';
import type { PresenceCounter } from './presence';
import { createProtocol } from './protocol';
import { sweepStale } from './repository';
import { createSessionSockets, SESSION_SWEEP_JOB, SESSION_SWEEP_MS } from './sessions';

const HEARTBEAT_MS = 30_000;

/**
 * This process's sockets: delivers hub frames to them (delivery), runs the client protocol (ping,
 * visibility, typing), keeps presence (online) and closes them when their session ends (sessions).
 * Nothing here is shared state: presence and delivery go through the hub and the presence counter,
 * so any number of processes behave as one.
 */
export function createConnections(ctx: AppContext, presence: PresenceCounter, log: FastifyBaseLogger) {
  const delivery = createDelivery(ctx.hub);
  const sessions = createSessionSockets(ctx, log);
  const protocol = createProtocol(ctx, presence, log);
  const online = createOnline(ctx, presence, log);
  /** Set by close(): sockets closing for shutdown leave presence to close(), not one query each. */
  let closing = false;

  /** Attaches a socket opened with a live session (`lastUsedAt`: that session's last use, as written). */
  async function attach(ws: WebSocket, userId: string, session: { tokenId: string; lastUsedAt: Date }) {
    // A connection reset while the token was being checked has closed already, and its close event
    // is gone: counting it would leave the user online for good.
    if (ws.readyState !== ws.OPEN) return;
    const { tokenId } = session;
    if (sessions.endedLately(tokenId)) {
      ws.close(WS_UNAUTHORIZED, 'Session ended');
      return;
    }
    const state = protocol.open(ws, userId);
    sessions.add(ws, tokenId, session.lastUsedAt, delivery.add(userId, ws));
    ws.on('close', () => {
      protocol.closed(state);
      delivery.remove(userId, ws);
      sessions.remove(ws, tokenId);
      if (closing) return;
      online.leave(userId, delivery.resyncing(ws));
    });
    await online.arrive(ws, userId);
  }

  return {
    attach,
    /** Whether the user has a visible page open on any process. */
    isVisible: (userId: string) => presence.anyVisible(userId),
    visibleHere: protocol.visibleHere,
    count: delivery.count,
    has: delivery.has,
    refresh: (now: Date) => online.refresh(now, delivery.users),
    closeExpired: sessions.closeExpired,
    /**
     * Shutdown: every socket closes (clients reconnect to another process) and this process's
     * users whose last socket it held go offline in one statement, before the database closes.
     * Their partners are not told one by one; a user who does not come back elsewhere shows as
     * offline from the next list or reconnect.
     */
    async close() {
      closing = true;
      delivery.stop();
      sessions.stop();
      delivery.closeAll(1001, 'Server shutting down');
      await online.close();
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
      // each use, each process asks once a minute which of its sockets' sessions are still live,
      // and arms a timer only for a session that expires before the sweep would look again.
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
