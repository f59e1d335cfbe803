import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { blockedCountries, boostProfile, setBlockedCountries } from './service';

export function registerLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.blockedCountries, ({ auth }) => blockedCountries(auth.user));
  route(app, endpoints.setBlockedCountries, ({ auth, body }) =>
    setBlockedCountries(ctx, auth.user, body.countries),
  );
  route(app, endpoints.boostProfile, ({ auth }) => boostProfile(ctx, auth.user));
}
