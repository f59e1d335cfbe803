import type { Socket } from 'node:net';
import { WS_RESYNC, WS_UNAUTHORIZED } from '@parlor/contract';
import type { WebSocket } from 'ws';
import type { Hub } from './hub';

const BANNED_FRAME = '{"event":"banned"';
/** Stop writing to a socket that is this far behind; it will reconnect and resync. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Sends one frame to a socket that is still open. */
export function sendTo(ws: WebSocket, event: string, data: unknown) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, data }));
}

/**
 * Who gets which frame: this process's sockets by user, each of the hub's frames written to the
 * addressed user's open sockets.
 */
export function createDelivery(hub: Hub) {
  const sockets = new Map<string, Set<WebSocket>>();

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

  const unsubscribe = hub.subscribe((userId, frame) => {
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
   * Sockets closed for a resync, whose users are expected back within seconds: they leave the
   * presence count without an offline announcement (and its queries) each, as at shutdown. A user
   * who does not come back goes offline with the stale sweep.
   */
  const resyncing = new WeakSet<WebSocket>();
  const unsubscribeResync = hub.onResync(() => {
    for (const set of sockets.values()) {
      for (const ws of set) {
        resyncing.add(ws);
        ws.close(WS_RESYNC, 'Reconnect to catch up');
      }
    }
  });

  return {
    /** Adds a user's socket; answers the user's sockets here, in the order they attached. */
    add(userId: string, ws: WebSocket): Set<WebSocket> {
      const set = sockets.get(userId) ?? new Set<WebSocket>();
      sockets.set(userId, set);
      set.add(ws);
      return set;
    },
    remove(userId: string, ws: WebSocket) {
      const set = sockets.get(userId);
      set?.delete(ws);
      if (set?.size === 0) sockets.delete(userId);
    },
    /** Whether the socket closed for a resync rather than because its user left. */
    resyncing: (ws: WebSocket) => resyncing.has(ws),
    has: (userId: string) => sockets.has(userId),
    users: () => [...sockets.keys()],
    count: () => [...sockets.values()].reduce((n, s) => n + s.size, 0),
    /** Delivers nothing more: the hub's frames and resyncs no longer reach these sockets. */
    stop() {
      unsubscribe();
      unsubscribeResync();
    },
    closeAll(code: number, reason: string) {
      for (const set of sockets.values()) for (const ws of set) ws.close(code, reason);
    },
  };
}
