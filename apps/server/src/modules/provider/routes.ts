import { GeoIp, ProviderConfig, ProviderConfigQuery } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { featuresFor } from '../users/features';
import { KEYWORDS } from './keywords';

export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/provider/config',
    { schema: { querystring: ProviderConfigQuery, response: { 200: ProviderConfig } } },
    async (request) => ({
      is_guest: request.auth === null,
      features: featuresFor(request.auth?.user ?? null),
      ...KEYWORDS,
      media_base_url: ctx.config.mediaBaseUrl || null,
    }),
  );

  // Offline by design: no geo database is shipped. A proxy in front (TRUST_PROXY) may pass the
  // visitor's country in CF-IPCountry or X-Country-Code.
  r.get('/v1/geo_ip', { schema: { response: { 200: GeoIp } } }, async (request) => {
    const header = ctx.config.trustProxy
      ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code'])
      : undefined;
    const code = typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header.toUpperCase() : null;
    return { ip: request.ip, country: code, country_code: code };
  });
}
