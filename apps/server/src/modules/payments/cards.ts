import { createHmac } from 'node:crypto';
import { CARD_IN_USE_MESSAGE, rules, type SavedCard, VALIDATION } from '@parlor/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, SavedCardsTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';

type Trx = Kysely<DB>;
export type SavedCardRow = Selectable<SavedCardsTable>;

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

export const cardsRepository = {
  listLive(db: Trx, userId: string) {
    return db
      .selectFrom('saved_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  },

  findLive(db: Trx, userId: string, id: string) {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('saved_cards')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Saves a card once per fan and number; saving it again answers the row already there. */
  async save(trx: Trx, card: Omit<SavedCardRow, 'id' | 'created_at' | 'deleted_at'>): Promise<SavedCardRow> {
    const inserted = await trx
      .insertInto('saved_cards')
      .values(card)
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).where('deleted_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    return trx
      .selectFrom('saved_cards')
      .selectAll()
      .where('user_id', '=', card.user_id)
      .where('fingerprint', '=', card.fingerprint)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
  },
};

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

/** DELETE /v1/cc?id=: 409 while the card still pays an active subscription (part 2 §8). */
export async function deleteCard(ctx: AppContext, userId: string, cardId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const card = await cardsRepository.findLive(trx, userId, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND, 'card_not_found');
    // Lock the card row so a subscription cannot start using it between the check and the delete.
    await trx.selectFrom('saved_cards').select('id').where('id', '=', card.id).forUpdate().execute();
    const inUse = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('card_id', '=', card.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (inUse) throw conflict(CARD_IN_USE_MESSAGE, 'card_in_use');
    await trx
      .updateTable('saved_cards')
      .set({ deleted_at: ctx.clock.now() })
      .where('id', '=', card.id)
      .execute();
  });
  return listCards(ctx, userId);
}
