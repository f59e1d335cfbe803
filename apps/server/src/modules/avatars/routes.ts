import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoints';
import { avatarSvg } from './service';

export function registerAvatarRoutes(app: FastifyInstance) {
  route(app, endpoints.generatedAvatar, ({ params, query, reply }) =>
    reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(avatarSvg(params.file.replace(/\.svg$/, ''), query.l)),
  );
}
