import { z } from 'zod';
import { endpoint } from '../endpoint';
import { RealtimeQuery } from '../events';
import { JobsOverview } from '../jobs';
import { lazySchema } from '../lazy';
import { AvatarQuery, GeneratedAvatarParams, GeoIp, ProviderConfig, ProviderConfigQuery } from '../users';

/** Provider configuration, geo, health, generated avatars and the realtime socket. */
export const platformEndpoints = {
  // provider configuration, geo, health, generated avatars, realtime
  providerConfig: endpoint({
    method: 'GET',
    path: '/v1/provider/config',
    access: 'optional',
    query: ProviderConfigQuery,
    response: ProviderConfig,
  }),
  geoIp: endpoint({ method: 'GET', path: '/v1/geo_ip', access: 'public', response: GeoIp }),
  /** Liveness: the process answers. */
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    response: lazySchema(() => z.object({ status: z.literal('ok') })),
  }),
  /** Readiness: the database answers too (503 with an error body when it does not). */
  readiness: endpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    response: lazySchema(() => z.object({ status: z.literal('ready'), database: z.string() })),
  }),
  /** Operators: what the durable job queue holds (counts by kind and state, running, queued, failed). */
  adminJobs: endpoint({ method: 'GET', path: '/v1/admin/jobs', access: 'admin', response: JobsOverview }),
  /** This API described as an OpenAPI 3.1 document, generated from this table (its schema is OpenAPI's own). */
  openApi: endpoint({ method: 'GET', path: '/v1/openapi.json', access: 'public' }),
  /** Prometheus text (docs/operations.md): 404 unless METRICS=true, then only with METRICS_TOKEN as a bearer token. */
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    transport: 'file',
    errors: [401, 404],
  }),
  generatedAvatar: endpoint({
    method: 'GET',
    path: '/v1/avatars/:file',
    access: 'public',
    transport: 'file',
    params: GeneratedAvatarParams,
    query: AvatarQuery,
  }),
  /** The event socket; it authenticates by the token in its query, so the session header is not read. */
  realtime: endpoint({
    method: 'GET',
    path: '/v1/ws',
    access: 'public',
    transport: 'websocket',
    query: RealtimeQuery,
  }),
} as const;
