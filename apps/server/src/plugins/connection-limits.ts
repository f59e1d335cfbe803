import type { FastifyInstance } from 'fastify';

export interface ConnectionLimits {
  /** Open connections one client address may hold; 0 turns the cap off (behind a proxy). */
  perAddress: number;
  /** How long a client may take to send its request headers. */
  headersTimeoutMs: number;
  /** How long a client may take to send a whole request, body included (uploads are large). */
  requestTimeoutMs: number;
}

/**
 * Slow and abusive clients: a client that opens thousands of connections and trickles headers or
 * a body must not use up the process's file descriptors, or nobody else can connect. Each address
 * may hold `perAddress` connections (the ones over it are closed as they arrive, before any
 * parsing), and headers and whole requests have deadlines. WebSockets count while they are open.
 */
export function registerConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): void {
  const server = app.server;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  if (limits.perAddress <= 0) return;

  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
