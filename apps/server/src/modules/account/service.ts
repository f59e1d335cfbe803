import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  CONTENT_FLAGGED_MESSAGE,
  FEATURE_OFF_MESSAGES,
  flaggedCharacters,
  type IdVerificationResponse,
  isModerationPending,
  MAX_TAGS,
  PAYOUT_DETAIL_MESSAGES,
  type PayoutDefaults,
  type PayoutDefaultsRequest,
  type User,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden } from '../../lib/errors';
import { assertFeature } from '../../lib/features';
import { assertNotFrozen } from '../../lib/users';
import { avatarUrl } from '../avatars/service';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { checkCode } from '../verification/service';
import { throwUnlessOk } from './codes';
import { accountRepository } from './repository';

/** Every change to the own account answers the new User and tells the user's other tabs. */
function changed(ctx: AppContext, row: UserRow): User {
  const user = toUser(row);
  ctx.hub.publish(row.id, 'user.update', user);
  return user;
}

/** POST /v1/users/tags: adds one tag (lowercased, no duplicates, at most MAX_TAGS) in one statement. */
export async function addTag(ctx: AppContext, caller: UserRow, tag: string): Promise<string[]> {
  assertNotFrozen(caller);
  const row = await accountRepository.addTag(ctx.db, caller.id, tag, MAX_TAGS);
  if (!row) throw conflict(ACCOUNT_MESSAGES.tooManyTags, 'too_many_tags', 'tag');
  changed(ctx, row);
  return row.tags;
}

/** DELETE /v1/users/tags?tag=: removes one tag; removing an absent tag is not an error. */
export async function removeTag(ctx: AppContext, caller: UserRow, tag: string): Promise<string[]> {
  const row = await accountRepository.removeTag(ctx.db, caller.id, tag);
  changed(ctx, row);
  return row.tags;
}

export const GREETING_CREATORS_ONLY = 'Only creators can set a greeting.';

/**
 * PUT /v1/users/greeting (and DELETE, with null): the message a fan's new chat with this creator
 * starts with. Only creators have one; an empty text clears it.
 */
export async function setGreeting(ctx: AppContext, caller: UserRow, text: string | null) {
  const greeting = text?.trim() || null;
  if (greeting !== null) {
    assertNotFrozen(caller);
    if (caller.type !== 'featured') throw forbidden(GREETING_CREATORS_ONLY, 'creators_only');
    const flagged = flaggedCharacters(greeting);
    if (flagged.length > 0)
      throw new DomainError(422, 'content_flagged', CONTENT_FLAGGED_MESSAGE, { flagged });
  }
  await users.update(ctx.db, caller.id, { greeting });
  return { greeting };
}

export async function getGreeting(ctx: AppContext, caller: UserRow) {
  const row = await users.byId(ctx.db, caller.id);
  return { greeting: row?.greeting ?? null };
}

/** PATCH /v1/users/random_avatar: a new generated avatar (modules/avatars) under a fresh seed. */
export async function randomAvatar(ctx: AppContext, caller: UserRow): Promise<User> {
  assertNotFrozen(caller);
  const seed = randomBytes(9).toString('base64url');
  return changed(
    ctx,
    await users.update(ctx.db, caller.id, { avatar_url: avatarUrl(seed, caller.username) }),
  );
}

/**
 * A profile photo the account uploaded. It is what the skinscore banner asks for ("Update your
 * profile photo"), so a new photo ends that banner: the flag clears with the photo and every tab
 * hears `hide_skinscore_banner`.
 */
export async function setAvatarUrl(ctx: AppContext, caller: UserRow, url: string): Promise<User> {
  const row = await users.update(ctx.db, caller.id, { avatar_url: url, show_skinscore_banner: false });
  if (caller.show_skinscore_banner) ctx.hub.publish(caller.id, 'hide_skinscore_banner', {});
  return changed(ctx, row);
}

/** GET /v1/users/id-verification: an account that never started the check reads as pending. */
export function idVerification(caller: UserRow): IdVerificationResponse {
  const user = toUser(caller);
  return {
    status: caller.id_verification_status ?? 'pending',
    id_verified: caller.id_verified,
    requires_moderation: caller.requires_moderation,
    moderation_pending: isModerationPending(user),
  };
}

/**
 * PATCH /v1/users/discover: a creator takes their profile out of Discover or puts it back. Only an
 * approved profile can be featured; the moderation decision ('denied') stays the admin's.
 */
export async function setFeaturedInDiscover(ctx: AppContext, caller: UserRow, featured: boolean) {
  if (caller.type !== 'featured') throw forbidden(ACCOUNT_MESSAGES.creatorsOnly, 'creators_only');
  if (caller.discover_status === 'denied') throw conflict(ACCOUNT_MESSAGES.discoverDenied, 'discover_denied');
  if (featured && isModerationPending(toUser(caller))) {
    throw conflict(ACCOUNT_MESSAGES.discoverPending, 'moderation_pending');
  }
  return changed(
    ctx,
    await users.update(ctx.db, caller.id, { discover_status: featured ? 'featured' : 'hidden' }),
  );
}

/** DELETE /v1/users/warning: the user has read the reported warning. */
export async function dismissReportedWarning(ctx: AppContext, caller: UserRow) {
  return changed(ctx, await users.update(ctx.db, caller.id, { warning_reported: false }));
}

export const payoutDefaultsOf = (row: UserRow): PayoutDefaults => ({
  payout_method: row.payout_method,
  payout_account: row.payout_account,
  account_holder: row.payout_holder,
  payout_country: row.payout_country,
});

/**
 * PATCH /v2/account/defaults?verification_code=: payout information changes only with a fresh
 * action code (a code mailed for this action); the code check and the change commit together.
 */
export async function updatePayoutDefaults(
  ctx: AppContext,
  caller: UserRow,
  code: string,
  input: z.output<typeof PayoutDefaultsRequest>,
): Promise<PayoutDefaults> {
  if (caller.type !== 'featured') throw forbidden(ACCOUNT_MESSAGES.creatorsOnly, 'creators_only');
  assertNotFrozen(caller);
  // Each payout method is a feature flag of the account: only those turned on can be chosen.
  assertFeature(caller, input.payout_method, FEATURE_OFF_MESSAGES.payoutMethod, 'payout_method_disabled');
  const now = ctx.clock.now();
  // The payout country is set once and never changed; sending the same one again is no change.
  const countryLocked = () =>
    badRequest(PAYOUT_DETAIL_MESSAGES.countryLocked, 'payout_country_set', 'payout_country');
  if (input.payout_country && caller.payout_country && input.payout_country !== caller.payout_country)
    throw countryLocked();
  const { outcome, row } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await accountRepository.lockUser(trx, caller.id);
    if (input.payout_country && locked.payout_country && input.payout_country !== locked.payout_country)
      throw countryLocked();
    const result = await checkCode(trx, ctx, caller.id, 'action', code, now);
    if (result !== 'ok') return { outcome: result, row: locked };
    const updated = await users.update(trx, caller.id, {
      payout_method: input.payout_method,
      payout_account: input.payout_account,
      payout_holder: input.payout_method === 'bank_transfer' ? (input.account_holder ?? null) : null,
      ...(input.payout_country && !locked.payout_country ? { payout_country: input.payout_country } : {}),
    });
    return { outcome: result, row: updated };
  });
  throwUnlessOk(outcome);
  return payoutDefaultsOf(row);
}

export function getPayoutDefaults(caller: UserRow): PayoutDefaults {
  if (caller.type !== 'featured') throw forbidden(ACCOUNT_MESSAGES.creatorsOnly, 'creators_only');
  return payoutDefaultsOf(caller);
}

export const avatarTooLarge = () =>
  new DomainError(413, 'avatar_too_large', ACCOUNT_MESSAGES.avatarTooLarge, { field: 'file' });
