import { endpoints, WS_UNAUTHORIZED } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { resolveToken } from '../plugins/auth';
import type { Connections } from './connections';

export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext, connections: Connections) {
  const { path, query: RealtimeQuery } = endpoints.realtime;
  // A GET that upgrades (a plain GET is a 404). A malformed query is no token: the socket opens and
  // closes with WS_UNAUTHORIZED, which sends the client to sign-in rather than retrying.
  app.get(path, { websocket: true }, (socket, request) => {
    const query = RealtimeQuery.safeParse(request.query);
    const token = query.success ? query.data.token : undefined;
    // Frames that arrive before authentication finishes are queued by ws until we listen.
    socket.pause();
    (async () => {
      const auth = token ? await resolveToken(ctx, token) : null;
      // Resume first: a paused socket would not read the client's answer to our close frame.
      socket.resume();
      if (!auth) {
        socket.close(WS_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      await connections.attach(socket, auth.user.id, auth);
    })().catch((err: unknown) => {
      // 1013, try again later: the client reconnects as after any other close.
      if (ctx.database.availability.failed(err)) socket.close(1013, 'Database unavailable');
      else {
        request.log.error({ err }, 'socket setup failed');
        socket.close(1011, 'Server error');
      }
    });
  });
}
