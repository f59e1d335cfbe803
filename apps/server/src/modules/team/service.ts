import { TEAM_ERRORS, TEAM_INVITE_DAYS, type TeamPermission } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { isUuid } from '../../lib/users';
import { type AuthContext, hashToken, newToken } from '../../plugins/auth';
import { createToken } from '../users/service';
import { teamInviteMail } from './mail';
import { teamRepository } from './repository';

const DAY_MS = 86_400_000;

function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(TEAM_ERRORS.creatorsOnly, 'creators_only');
}

const inviteOf = (row: {
  id: string;
  email: string;
  permissions: string[];
  expires_at: Date;
  created_at: Date;
}) => ({
  _id: row.id,
  email: row.email,
  permissions: row.permissions as TeamPermission[],
  expires_at: row.expires_at.toISOString(),
  created_at: row.created_at.toISOString(),
});

/** POST /v1/team/invites: mails a single-use link for 7 days; one pending invite per address. */
export async function createInvite(
  ctx: AppContext,
  user: UserRow,
  input: { email: string; permissions: TeamPermission[] },
) {
  assertCreator(user);
  if (input.email === user.email.toLowerCase()) throw badRequest(TEAM_ERRORS.ownTeam, 'own_team', 'email');
  const now = ctx.clock.now();
  const fresh = newToken();
  if (await teamRepository.memberWithEmail(ctx.db, user.id, input.email))
    throw conflict(TEAM_ERRORS.alreadyMember, 'already_member', 'email');
  const row = await ctx.db.transaction().execute(async (trx) => {
    await teamRepository.closeExpiredInvites(trx, user.id, now);
    const invite = await teamRepository.insertInvite(trx, {
      creatorId: user.id,
      email: input.email,
      permissions: input.permissions,
      tokenHash: fresh.hash,
      at: now,
      expiresAt: new Date(now.getTime() + TEAM_INVITE_DAYS * DAY_MS),
    });
    if (!invite) throw conflict(TEAM_ERRORS.alreadyInvited, 'already_invited', 'email');
    // The creator's name rides along for the join page to say whose team it is before joining;
    // the join's answer names the team the token actually belongs to.
    const link = `${ctx.config.publicUrl}/team/join?token=${encodeURIComponent(fresh.token)}&creator=${encodeURIComponent(user.username)}`;
    // The invite and its mail commit together; the mail goes out after the answer.
    await ctx.mailer.send(teamInviteMail(input.email, user.username, link, TEAM_INVITE_DAYS), {
      kind: 'team_invite',
      db: trx,
    });
    return invite;
  });
  ctx.mailer.wake();
  return inviteOf(row);
}

export async function listInvites(ctx: AppContext, user: UserRow) {
  assertCreator(user);
  const rows = await teamRepository.pendingInvites(ctx.db, user.id, ctx.clock.now());
  return { data: rows.map(inviteOf) };
}

export async function deleteInvite(ctx: AppContext, user: UserRow, id: string) {
  assertCreator(user);
  if (!isUuid(id) || !(await teamRepository.revokeInvite(ctx.db, user.id, id, ctx.clock.now())))
    throw notFound(TEAM_ERRORS.inviteNotFound, 'invite_not_found');
}

/**
 * POST /v1/team/join: the invitee, signed in with an account of their own whose address the invite
 * was sent to, joins. The link works once; a second use, an expired or revoked one are refused alike.
 */
export async function joinTeam(ctx: AppContext, user: UserRow, token: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const invite = await teamRepository.inviteByTokenHash(trx, hashToken(token));
    const usable =
      invite &&
      !invite.accepted_at &&
      !invite.revoked_at &&
      invite.expires_at > now &&
      !invite.creator_banned_at &&
      !invite.creator_deleted_at;
    if (!usable) throw new DomainError(410, 'invite_invalid', TEAM_ERRORS.inviteInvalid);
    if (invite.creator_id === user.id) throw forbidden(TEAM_ERRORS.ownTeam, 'own_team');
    if (invite.email !== user.email.toLowerCase())
      throw forbidden(TEAM_ERRORS.inviteForOther, 'invite_for_other');
    await teamRepository.acceptInvite(trx, invite.id, now);
    await teamRepository.upsertMember(trx, {
      creatorId: invite.creator_id,
      memberId: user.id,
      permissions: invite.permissions,
      at: now,
    });
    return {
      creator: { _id: invite.creator_id, username: invite.creator_username },
      permissions: invite.permissions as TeamPermission[],
    };
  });
}

export async function listMembers(ctx: AppContext, user: UserRow) {
  assertCreator(user);
  return { data: await teamRepository.members(ctx.db, user.id) };
}

/** PATCH /v1/team/members/{id}: the seats take the new permissions at their next request. */
export async function updateMember(
  ctx: AppContext,
  user: UserRow,
  id: string,
  permissions: TeamPermission[],
) {
  assertCreator(user);
  if (!isUuid(id) || !(await teamRepository.updateMember(ctx.db, user.id, id, permissions)))
    throw notFound(TEAM_ERRORS.memberNotFound, 'member_not_found');
  const [member] = await teamRepository.members(ctx.db, user.id, id);
  if (!member) throw notFound(TEAM_ERRORS.memberNotFound, 'member_not_found');
  return member;
}

/** DELETE /v1/team/members/{id}: the seat ends at once, its open sockets on every process too. */
export async function removeMember(ctx: AppContext, user: UserRow, id: string) {
  assertCreator(user);
  const seats = isUuid(id)
    ? await ctx.db
        .transaction()
        .execute((trx) => teamRepository.removeMember(trx, user.id, id, ctx.clock.now()))
    : undefined;
  if (!seats) throw notFound(TEAM_ERRORS.memberNotFound, 'member_not_found');
  await Promise.all(seats.map((tokenId) => ctx.hub.endSession(tokenId)));
}

/** GET /v1/team/workspaces: the creators whose team the caller is on. */
export async function listWorkspaces(ctx: AppContext, user: UserRow) {
  const rows = await teamRepository.workspaces(ctx.db, user.id);
  return {
    data: rows.map((r) => ({
      creator: { _id: r.id, username: r.username, avatar_url: r.avatar_url },
      permissions: r.permissions as TeamPermission[],
    })),
  };
}

/** POST /v1/team/workspaces/{creatorId}/session: a seat token on the creator's account. */
export async function openSeat(
  ctx: AppContext,
  auth: AuthContext,
  creatorId: string,
  userAgent: string | undefined,
) {
  const workspace = isUuid(creatorId)
    ? (await teamRepository.workspaces(ctx.db, auth.user.id)).find((w) => w.id === creatorId)
    : undefined;
  if (!workspace) throw notFound(TEAM_ERRORS.workspaceNotFound, 'workspace_not_found');
  const accessToken = await createToken(ctx, workspace.id, userAgent, auth.user.id);
  return {
    access_token: accessToken,
    creator: { _id: workspace.id, username: workspace.username },
    permissions: workspace.permissions as TeamPermission[],
  };
}

/** GET /v1/team/stats: per author over the range (the creator, or a seat with `earnings`). */
export async function teamStats(ctx: AppContext, user: UserRow, query: { from: string; to: string }) {
  assertCreator(user);
  const rows = await teamRepository.stats(ctx.db, user.id, new Date(query.from), new Date(query.to));
  return {
    data: rows.map((r) => ({
      member: r.member_id && r.username ? { _id: r.member_id, username: r.username } : null,
      messages_sent: r.messages_sent,
      paid_sent: r.paid_sent,
      paid_sold: r.paid_sold,
      sales_credits: r.sales_credits,
      tips_credits: r.tips_credits,
      median_reply_seconds: r.median_reply_seconds === null ? null : Math.round(r.median_reply_seconds),
    })),
  };
}

/** GET /v1/team/activity: what members did in the workspace, newest first. */
export async function teamActivity(ctx: AppContext, user: UserRow, query: { limit: number; offset: number }) {
  assertCreator(user);
  const rows = await teamRepository.activity(ctx.db, user.id, query.limit, query.offset);
  const more = rows.length > query.limit;
  return {
    data: rows.slice(0, query.limit).map((r) => ({
      _id: String(r.id),
      member: { _id: r.member_id, username: r.username },
      action: r.action as never,
      target: r.target,
      created_at: r.created_at.toISOString(),
    })),
    next: nextLink('/v1/team/activity', query, more),
  };
}

/** What other modules ask of teams: a member's permissions now (undefined once off the team). */
export const team = {
  permissionsOf: teamRepository.permissionsOf,
};
