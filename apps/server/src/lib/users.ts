import { type BanNotice, ERRORS, isModerationPending } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { usersRepository } from '../modules/users/repository';
import { DomainError, forbidden } from './errors';

/** What a banned account is told wherever it meets the ban: the reason and the deployment's appeal address. */
export function banNotice(ctx: Pick<AppContext, 'config'>, reason: string | null): BanNotice {
  return { reason, contact: ctx.config.supportEmail };
}

/** A frozen account may read but not act; the popup shows the server's message. */
export function assertNotFrozen(user: Pick<UserRow, 'frozen_at' | 'frozen_message'>) {
  if (user.frozen_at) throw new DomainError(423, 'account_frozen', user.frozen_message || ERRORS.frozen);
}

type PayeeFacts = Pick<
  UserRow,
  'type' | 'requires_moderation' | 'id_verification_status' | 'discover_status'
>;

/**
 * Money reaches a creator only after moderation approved them: every path that pays someone (tips,
 * subscriptions, message rates, paid media) asks this first. Takes the payee's row when the caller
 * has it, else their id; an unknown id is left to the caller's own not-found answer.
 */
export async function assertCanReceivePayments(db: Kysely<DB>, payee: PayeeFacts | string): Promise<void> {
  const facts = typeof payee === 'string' ? await usersRepository.findById(db, payee) : payee;
  if (facts && isModerationPending(facts))
    throw forbidden(ERRORS.payeeAwaitingModeration, 'payee_awaiting_moderation');
}

/**
 * A creator awaiting moderation (the rule of `isModerationPending`) is not yet on the platform as a
 * creator: they may not write to fans, one by one or by broadcast, until approved. Staff (who review
 * them) and other creators stay reachable. Without a recipient, the audience is fans (a broadcast).
 */
export function assertMayMessageFans(sender: UserRow, recipient?: Pick<UserRow, 'type' | 'role'>) {
  const toFan = recipient === undefined || (recipient.type === 'user' && recipient.role !== 'admin');
  if (toFan && isModerationPending(sender)) throw forbidden(ERRORS.awaitingModeration, 'moderation_pending');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from the outside are checked before they reach SQL, so a malformed one is "not found", not a 500. */
export const isUuid = (s: string) => UUID.test(s);

/**
 * The viewer id a signed-out visitor reads Discover and creator pages as: no account has it (ids
 * are random UUIDs), so a guest owns, follows, subscribes to and has bought nothing, and every
 * rule that unlocks media for a viewer keeps it locked for them.
 */
export const GUEST_VIEWER_ID = '00000000-0000-0000-0000-000000000000';
