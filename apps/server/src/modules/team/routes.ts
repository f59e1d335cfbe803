import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { headerCode, requireFreshCode } from '../security/codes';
import {
  createInvite,
  deleteInvite,
  joinTeam,
  listInvites,
  listMembers,
  listWorkspaces,
  openSeat,
  removeMember,
  teamActivity,
  teamStats,
  updateMember,
} from './service';

/** A creator's team: invites, members, seats, and what members sold and did (docs/team.md). */
export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  // With two-factor sign-in on, managing the team needs a fresh code: `code` in a JSON body, the
  // STEP_UP_HEADER header on a request without one (docs/accounts.md, "Step-up").
  route(app, endpoints.createTeamInvite, async ({ auth, body, request }) => {
    await requireFreshCode(ctx, auth, body.code, request.ip);
    return createInvite(ctx, auth.user, body);
  });
  route(app, endpoints.listTeamInvites, ({ auth }) => listInvites(ctx, auth.user));
  route(app, endpoints.deleteTeamInvite, async ({ auth, params, request }) => {
    await requireFreshCode(ctx, auth, headerCode(request), request.ip);
    return deleteInvite(ctx, auth.user, params.id);
  });
  route(app, endpoints.joinTeam, ({ auth, body }) => joinTeam(ctx, auth.user, body.token));
  route(app, endpoints.listTeamMembers, ({ auth }) => listMembers(ctx, auth.user));
  route(app, endpoints.updateTeamMember, async ({ auth, params, body, request }) => {
    await requireFreshCode(ctx, auth, body.code, request.ip);
    return updateMember(ctx, auth.user, params.id, body.permissions);
  });
  route(app, endpoints.deleteTeamMember, async ({ auth, params, request }) => {
    await requireFreshCode(ctx, auth, headerCode(request), request.ip);
    return removeMember(ctx, auth.user, params.id);
  });
  route(app, endpoints.listWorkspaces, ({ auth }) => listWorkspaces(ctx, auth.user));
  route(app, endpoints.openSeat, ({ auth, params, request }) =>
    openSeat(ctx, auth, params.creatorId, request.headers['user-agent']),
  );
  route(app, endpoints.teamStats, ({ auth, query }) => teamStats(ctx, auth.user, query));
  route(app, endpoints.teamActivity, ({ auth, query }) => teamActivity(ctx, auth.user, query));
}
