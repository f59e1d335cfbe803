import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ERRORS,
  rules,
  type SignUpData,
  SUBSCRIPTION_PRICE_CREATORS_ONLY_MESSAGE,
  type UpdateUserData,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, DomainError, forbidden, notFound } from '../../lib/errors';
import { banNotice } from '../../lib/users';
import { type AuthContext, newToken, sessionsUsedSince } from '../../plugins/auth';
import { announceInvisibleChange } from '../../realtime/invisible';
import { issueCode } from '../verification/service';
import { toPublicUser, toSession, toUser } from './dto';
import { isOnline, shownPresence } from './presence';
import { usersRepository } from './repository';
import { admitSignIn, rememberSignIn, type SignInAttempt, signInSucceeded } from './throttle';

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
/** Verifying against this keeps a sign-in for an unknown name as slow as one for a known name. */
let dummyHash: Promise<string> | undefined;

export const newReferralCode = () =>
  randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

/** A new session of `userId`'s account, its token and its id; with `seatMemberId`, a team member's seat on it. */
export async function createSession(
  ctx: AppContext,
  userId: string,
  userAgent: string | undefined,
  seatMemberId?: string,
): Promise<{ token: string; tokenId: string }> {
  const { token, hash: tokenHash } = newToken();
  const tokenId = await usersRepository.insertToken(ctx.db, {
    userId,
    tokenHash,
    userAgent: userAgent?.slice(0, 300) ?? null,
    at: ctx.clock.now(),
    ...(seatMemberId ? { seatMemberId } : {}),
  });
  return { token, tokenId };
}

/** A new session's token (see createSession). */
export async function createToken(
  ctx: AppContext,
  userId: string,
  userAgent: string | undefined,
  seatMemberId?: string,
) {
  return (await createSession(ctx, userId, userAgent, seatMemberId)).token;
}

/** Where a request comes from: the sign-in throttle counts by address. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export async function signUp(ctx: AppContext, input: SignUpData, client: Client) {
  if (await usersRepository.usernameTaken(ctx.db, input.username)) {
    throw conflict(ERRORS.usernameTaken, 'username_taken', 'username');
  }
  if (await usersRepository.emailTaken(ctx.db, input.email)) {
    throw conflict(ERRORS.emailTaken, 'email_taken', 'email');
  }
  const referrer = input.code ? await usersRepository.findByReferralCode(ctx.db, input.code) : undefined;
  const isCreator = input.type === 'featured';
  let user: UserRow;
  try {
    user = await usersRepository.insert(ctx.db, {
      username: input.username,
      email: input.email,
      password_hash: await hash(input.password),
      type: input.type,
      gender: input.gender ?? null,
      code_used: input.code || null,
      affiliate_id: referrer?.id ?? null,
      referral_code: newReferralCode(),
      // A new creator waits for moderation and is not in discovery until approved.
      requires_moderation: isCreator,
      discover_status: 'hidden',
      new_fm_onboarding: isCreator,
      // The schema accepted the sign-up only with both consents given (docs/accounts.md).
      terms_accepted_at: ctx.clock.now(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ERRORS.usernameTaken, 'username_taken', 'username');
    throw e;
  }
  await issueCode(ctx, user, 'verify_email');
  const token = await createToken(ctx, user.id, client.userAgent);
  await rememberSignIn(ctx, user.id, client.ip);
  return { access_token: token, user: toUser(user) };
}

/**
 * POST /v1/auth's first step: the account whose password this is (throttled, banned accounts
 * refused). What follows, a session or the second factor, is modules/security's `afterPassword`.
 */
export async function checkPassword(
  ctx: AppContext,
  login: string,
  password: string,
  client: Client,
): Promise<UserRow> {
  const name = login.replace(/^@/, '');
  const user = await usersRepository.findByLogin(ctx.db, name);
  // A name no account has is throttled like an account, so a 429 tells nothing about who exists.
  const attempt: SignInAttempt = {
    account: user ? user.id : `login:${name.toLowerCase()}`,
    owner: user ?? null,
    ip: client.ip,
  };
  await admitSignIn(ctx, attempt);
  if (!user) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    throw new DomainError(401, 'wrong_credentials', ERRORS.wrongLogin);
  }
  const ok = await verify(user.password_hash, password).catch(() => false);
  if (!ok) throw new DomainError(401, 'wrong_credentials', ERRORS.wrongLogin);
  // With two-factor sign-in on, the address becomes known only once the second factor is right.
  await signInSucceeded(ctx, attempt, user.totp_enabled_at === null);
  assertNotBanned(ctx, user);
  return user;
}

/** A banned account signs in no way: 403 with the ban's reason and where to appeal. */
export function assertNotBanned(ctx: AppContext, user: UserRow): void {
  if (user.banned_at)
    throw new DomainError(403, 'banned', ERRORS.suspended, { ban: banNotice(ctx, user.ban_reason) });
}

/** DELETE /v1/auth: the session ends here and its open sockets close on every process. */
export async function signOut(ctx: AppContext, tokenId: string) {
  await usersRepository.revokeTokens(ctx.db, { tokenId }, ctx.clock.now());
  await ctx.hub.endSession(tokenId);
}

/** GET /v1/users/sessions: the caller's live sessions, the one asking marked `current`. */
export async function listSessions(ctx: AppContext, auth: AuthContext) {
  const rows = await usersRepository.listSessions(ctx.db, auth.user.id, sessionsUsedSince(ctx));
  return { sessions: rows.map((row) => toSession(row, auth.tokenId)) };
}

/** DELETE /v1/users/sessions/{id}: ends one of the caller's sessions, this one included. */
export async function endSession(ctx: AppContext, auth: AuthContext, tokenId: string) {
  if (!(await usersRepository.revokeSession(ctx.db, auth.user.id, tokenId, ctx.clock.now()))) {
    throw notFound(ERRORS.notFound, 'session_not_found');
  }
  await ctx.hub.endSession(tokenId);
}

/** GET /v1/username-available: whether the name is valid and free (the caller's own name is free). */
export async function usernameAvailability(ctx: AppContext, requested: string, callerId: string | undefined) {
  const username = rules.normalizeUsername(requested);
  const invalid = rules.usernameAnswer(username);
  if (invalid) return { username, available: false, message: invalid };
  const taken = await usersRepository.usernameTaken(ctx.db, username, callerId);
  return taken
    ? { username, available: false, message: ERRORS.usernameTaken }
    : { username, available: true };
}

/** GET /v1/users/{username}: a public profile; banned accounts are not found. */
export async function publicProfile(ctx: AppContext, username: string, askerId?: string) {
  const row = await usersRepository.findByUsername(ctx.db, rules.normalizeUsername(username));
  if (!row || row.banned_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
  const now = ctx.clock.now();
  // A visitor (or the account itself) follows and subscribes to nothing here.
  const other = askerId !== undefined && askerId !== row.id ? askerId : null;
  const facts = await usersRepository.profileFacts(ctx.db, row.id, other, now);
  // The account itself sees its own presence; anyone else sees it as invisible mode shows it.
  const presence =
    askerId === row.id
      ? { is_online: isOnline(row, now), last_online: row.last_online?.toISOString() ?? null }
      : shownPresence(row, now);
  return toPublicUser(row, presence, facts);
}

export async function updateUser(ctx: AppContext, caller: UserRow, targetId: string, input: UpdateUserData) {
  // Own account only; admins change others through /v1/admin.
  if (caller.id !== targetId) throw forbidden();
  // Only creators are subscribed to, so only they price a subscription.
  if (input.subscription_price !== undefined && caller.type !== 'featured') {
    throw forbidden(SUBSCRIPTION_PRICE_CREATORS_ONLY_MESSAGE, 'not_a_creator');
  }
  if (input.username && (await usersRepository.usernameTaken(ctx.db, input.username, caller.id))) {
    throw conflict(ERRORS.usernameTaken, 'username_taken', 'username');
  }
  const profile = input.settings?.profile ?? {};
  const notifications = input.settings?.notifications ?? {};
  const spending = input.settings?.spending;
  let row: UserRow;
  try {
    row = await usersRepository.update(ctx.db, caller.id, {
      ...(input.username !== undefined && { username: input.username }),
      ...(input.gender !== undefined && { gender: input.gender }),
      ...(input.bio !== undefined && { bio: input.bio }),
      ...(input.onboarding_v2 !== undefined && { onboarding_v2: input.onboarding_v2 }),
      ...(input.new_fm_onboarding !== undefined && { new_fm_onboarding: input.new_fm_onboarding }),
      ...(profile.invisible !== undefined && { profile_invisible: profile.invisible }),
      ...(profile.intro_enabled !== undefined && { intro_enabled: profile.intro_enabled }),
      ...(notifications.marketing !== undefined && { notify_marketing: notifications.marketing }),
      ...(notifications.notifications !== undefined && { notify_notifications: notifications.notifications }),
      ...(notifications.payments !== undefined && { notify_payments: notifications.payments }),
      ...(notifications.payouts !== undefined && { notify_payouts: notifications.payouts }),
      ...(input.subscription_price !== undefined && { subscription_price: input.subscription_price }),
      ...(spending !== undefined && { spend_confirm_above: spending.confirm_above }),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ERRORS.usernameTaken, 'username_taken', 'username');
    throw e;
  }
  const user = toUser(row);
  ctx.hub.publish(row.id, 'user.update', user);
  if (row.profile_invisible !== caller.profile_invisible) await announceInvisibleChange(ctx, row);
  return user;
}

/**
 * What other modules ask of the users table. Each is one statement on the handle given, so it runs
 * inside the caller's transaction when handed one.
 */
export const users = {
  /** The account with this id, if any. */
  byId: usersRepository.findById,
  /** The account locked for the rest of the caller's transaction. */
  lock: usersRepository.findByIdForUpdate,
  /** The account a sign-in name (username or address, any case) names. */
  byLogin: usersRepository.findByLogin,
  emailTaken: usersRepository.emailTaken,
  /** Changes the account's columns; answers the row as it now is. */
  update: usersRepository.update,
  /** Ends one session, or every session of an account, at its next request. */
  revokeTokens: usersRepository.revokeTokens,
  /** Which of these sessions are still live, and when each was last used. */
  liveSessions: usersRepository.liveSessions,
};
