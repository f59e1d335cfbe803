import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { resolveToken } from '../plugins/auth';
import { type createConnections, WS_UNAUTHORIZED } from './connections';

const WsQuery = z.object({ token: z.string().max(200).optional() });

export function registerRealtimeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  connections: ReturnType<typeof createConnections>,
) {
  app.get('/v1/ws', { websocket: true }, (socket, request) => {
    const query = WsQuery.safeParse(request.query);
    const token = query.success ? query.data.token : undefined;
    // Frames that arrive before authentication finishes are queued by ws until we listen.
    socket.pause();
    (async () => {
      const auth = token ? await resolveToken(ctx.db, token) : null;
      // Resume first: a paused socket would not read the client's answer to our close frame.
      socket.resume();
      if (!auth) {
        socket.close(WS_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      await connections.attach(socket, auth.user.id);
    })().catch((err: unknown) => {
      request.log.error({ err }, 'socket setup failed');
      socket.close(1011, 'Server error');
    });
  });
}
