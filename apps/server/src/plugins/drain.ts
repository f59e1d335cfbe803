import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long closing waits for requests still running before it closes the database anyway. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Lets requests that are running when the server closes finish with their real answers. Requests
 * are counted from onRequest to onResponse (or the client hanging up); the first preClose hook
 * waits, at most `timeoutMs`, until none is left. Only then does Fastify stop the HTTP server and
 * run the onClose hooks that close the database, Redis and the jobs. Last, it drops the keep-alive
 * connections left idle, which would otherwise hold the close until their timeout.
 */
export function registerDrain(app: FastifyInstance, timeoutMs = DRAIN_TIMEOUT_MS) {
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) drained?.();
  };

  app.addHook('onRequest', async (request) => {
    // A WebSocket upgrade never gets an onResponse; sockets are closed by their own preClose hook.
    if (request.headers.upgrade) return;
    running.add(request);
  });
  app.addHook('onResponse', async (request) => finished(request));
  // The client went away: no answer is awaited any more (and no onResponse will come).
  app.addHook('onRequestAbort', async (request) => finished(request));

  app.addHook('preClose', async () => {
    if (running.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    app.server.closeAllConnections();
  });
}
