import { createHmac } from 'node:crypto';
import { CARD_IN_USE_MESSAGE, rules, type SavedCard, VALIDATION } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { cardsRepository, type SavedCardRow } from './repository';

export const CARD_NOT_FOUND = 'Card not found';

/** A keyed hash of the number: recognises the same card again without being able to recover it. */
export const cardFingerprint = (ctx: AppContext, number: string) =>
  createHmac('sha256', ctx.secrets.codeKey).update(`card:${number}`).digest('hex');

export function toSavedCard(row: SavedCardRow, now: Date): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    name: row.name,
    expired: rules.cardExpiry(row.exp_month, row.exp_year, now) !== undefined,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Holds the card paying a new subscription until the caller's transaction commits, so it cannot be
 * deleted meanwhile; throws when it is already gone.
 */
export function holdCard(trx: Kysely<DB>, cardId: string): Promise<void> {
  return cardsRepository.holdLive(trx, cardId);
}

/** A saved card the fan may pay with now: theirs, not deleted, not expired. */
export async function usableCard(ctx: AppContext, userId: string, cardId: string): Promise<SavedCardRow> {
  const card = await cardsRepository.findLive(ctx.db, userId, cardId);
  if (!card) throw notFound(CARD_NOT_FOUND, 'card_not_found');
  if (rules.cardExpiry(card.exp_month, card.exp_year, ctx.clock.now()))
    throw badRequest(VALIDATION.cardExpired, 'card_expired', 'card_id');
  return card;
}

export async function listCards(ctx: AppContext, userId: string) {
  const now = ctx.clock.now();
  return { data: (await cardsRepository.listLive(ctx.db, userId)).map((c) => toSavedCard(c, now)) };
}

/** DELETE /v1/cc?id=: 409 while the card still pays an active subscription. */
export async function deleteCard(ctx: AppContext, userId: string, cardId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const card = await cardsRepository.findLive(trx, userId, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND, 'card_not_found');
    // Lock the card row so a subscription cannot start using it between the check and the delete.
    await cardsRepository.lock(trx, card.id);
    if (await cardsRepository.paysActiveSubscription(trx, card.id))
      throw conflict(CARD_IN_USE_MESSAGE, 'card_in_use');
    await cardsRepository.softDelete(trx, card.id, ctx.clock.now());
  });
  return listCards(ctx, userId);
}
