import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { geoIp, providerConfig } from './service';

export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.providerConfig, ({ auth }) => providerConfig(ctx, auth?.user ?? null));
  route(app, endpoints.geoIp, ({ request }) => geoIp(ctx, request.ip, request.headers));
}
