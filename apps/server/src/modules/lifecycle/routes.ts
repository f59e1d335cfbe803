import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import {
  adminPlatformNotice,
  dismissPlatformNotice,
  intros,
  markIntroSeen,
  platformNotice,
  setPlatformNotice,
} from './notices';
import { blockedCountries, boostProfile, setBlockedCountries } from './service';

export function registerLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.blockedCountries, ({ auth }) => blockedCountries(auth.user));
  route(app, endpoints.setBlockedCountries, ({ auth, body }) =>
    setBlockedCountries(ctx, auth.user, body.countries),
  );
  route(app, endpoints.boostProfile, ({ auth, body }) => boostProfile(ctx, auth.user, body.pay_from));
  route(app, endpoints.intros, ({ auth }) => intros(ctx, auth.user));
  route(app, endpoints.markIntroSeen, ({ auth, body }) => markIntroSeen(ctx, auth.user, body.intro));
  route(app, endpoints.platformNotice, ({ auth }) => platformNotice(ctx, auth.user));
  route(app, endpoints.dismissPlatformNotice, ({ auth, params }) =>
    dismissPlatformNotice(ctx, auth.user, params.id),
  );
  route(app, endpoints.adminPlatformNotice, () => adminPlatformNotice(ctx));
  route(app, endpoints.setPlatformNotice, ({ auth, body }) =>
    setPlatformNotice(ctx, auth.user, body.message),
  );
}
