import type { ServerEventData, ServerEventName } from '@parlor/contract';

/**
 * Delivers events to a user's open sockets, wherever they are connected. The in-process hub is
 * the default; a Redis-backed one fans out across server processes (REDIS_URL), and delivers to
 * this process's own sockets without Redis.
 */
export interface Hub {
  /** Resolves once the hub can deliver (the Redis subscription is live). */
  ready: Promise<void>;
  publish<N extends ServerEventName>(userId: string, event: N, data: ServerEventData<N>): void;
  subscribe(listener: (userId: string, frame: string) => void): () => void;
  /**
   * Tells every process that a session ended (sign-out, a session signed out from the settings),
   * so that each closes the sockets opened with it. Resolves once every process has been told:
   * events published after that reach none of those sockets.
   */
  endSession(tokenId: string): Promise<void>;
  onSessionEnd(listener: (tokenId: string) => void): () => void;
  /**
   * Called when this process's sockets may have missed events (the fan-out was away and is back):
   * they must refetch what they show. Never called in a single process.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export function createLocalHub(): Hub {
  const listeners = new Set<(userId: string, frame: string) => void>();
  const ended = new Set<(tokenId: string) => void>();
  return {
    ready: Promise.resolve(),
    publish(userId, event, data) {
      const frame = JSON.stringify({ event, data });
      for (const listener of listeners) listener(userId, frame);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async endSession(tokenId) {
      for (const listener of ended) listener(tokenId);
    },
    onSessionEnd(listener) {
      ended.add(listener);
      return () => ended.delete(listener);
    },
    onResync() {
      return () => undefined;
    },
    async close() {
      listeners.clear();
      ended.clear();
    },
  };
}
