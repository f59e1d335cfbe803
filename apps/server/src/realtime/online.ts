import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { PRESENCE_STALE_MS } from '../modules/users/presence';
import { sendTo } from './delivery';
import type { PresenceCounter } from './presence';
import { markOffline, onlinePartnerIds, type PartnersOnline, setPresence } from './repository';

/** Users whose freshness one statement renews. */
const REFRESH_SLICE = 500;
/** At most this many online partners go in `init`; more than that and it says the list is partial. */
const INIT_ONLINE_LIMIT = 1000;

/**
 * Who is online: a user's first socket anywhere announces them online to their chat partners, the
 * last one gone announces them offline, and the heartbeat keeps this process's users fresh. The
 * counting across processes is the presence counter's; this is what each socket's arrival and
 * departure does with it.
 */
export function createOnline(ctx: AppContext, presence: PresenceCounter, log: FastifyBaseLogger) {
  /** Presence updates of sockets that closed before shutdown; shutdown waits for them. */
  const detaching = new Set<Promise<void>>();

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
    /** Counts a socket just attached, sends it `init` and, on the user's first socket, announces them. */
    arrive(ws: WebSocket, userId: string): Promise<void> {
      return inTurn(userId, async () => {
        const now = ctx.clock.now();
        const first = await presence.connect(userId);
        await setPresence(ctx.db, [userId], true, now);
        // One lookup serves both: init's list (capped) and, on a first socket, the announcement.
        const around = await onlinePartnerIds(ctx.db, userId, fresh());
        sendTo(ws, 'init', {
          user_id: userId,
          online_user_ids: around.shown.slice(0, INIT_ONLINE_LIMIT),
          online_complete: around.shown.length <= INIT_ONLINE_LIMIT,
        });
        if (first) announce(userId, around, 'user_online', now);
      });
    },
    /**
     * Uncounts a socket that closed; the user's last one anywhere announces them offline. One that
     * closed for a resync leaves `quietly`: its user is expected back within seconds.
     */
    leave(userId: string, quietly: boolean) {
      const leaving = inTurn(userId, async () => {
        if (quietly) await presence.disconnect(userId);
        else await detach(userId);
      }).catch((err: unknown) => log.warn({ err }, 'presence update failed'));
      detaching.add(leaving);
      void leaving.finally(() => detaching.delete(leaving));
    },
    /**
     * Heartbeat: keeps the users with sockets here fresh, in slices so that thousands of users are
     * not one burst of writes.
     */
    async refresh(now: Date, usersHere: () => string[]) {
      await presence.heartbeat();
      const userIds = usersHere();
      for (let i = 0; i < userIds.length; i += REFRESH_SLICE) {
        await setPresence(ctx.db, userIds.slice(i, i + REFRESH_SLICE), true, now);
      }
    },
    /**
     * Shutdown, once every socket is closing: this process's users whose last socket it held go
     * offline in one statement, before the database closes.
     */
    async close() {
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
