import type { ChatListQuery, ChatsActionData } from '@parlor/contract';
import { ERRORS } from '@parlor/contract';
import { type Expression, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, DomainError, forbidden, notFound } from '../../lib/errors';
import { assertNotFrozen, isUuid } from '../../lib/users';
import type { UserRow } from '../../plugins/auth';
import { getOrCreateChat, unreadTotals } from '../messages/store';
import { assertMayOpenChat } from '../payments/free-chats';
import { usersRepository } from '../users/repository';
import { findChatRow, inboxScope, inboxTotals, isOnline, listInbox, notesFor, toChat } from './repository';

/** GET /v1/chats: one page of the inbox, the unread totals, and the next page's address. */
export async function inboxPage(ctx: AppContext, user: UserRow, q: z.output<typeof ChatListQuery>) {
  const now = ctx.clock.now();
  const filter = { type: q.type ?? 'all', search: q.search || undefined } as const;
  // The unread totals are one counter row, read alongside the page.
  const [{ rows, notes }, totals] = await Promise.all([
    listInbox(ctx.db, user.id, filter, q.offset, q.limit, now),
    unreadTotals(ctx.db, user.id),
  ]);
  let next: string | null = null;
  if (rows.length === q.limit) {
    const params = new URLSearchParams({
      v: '2',
      limit: String(q.limit),
      offset: String(q.offset + q.limit),
    });
    if (filter.search) params.set('search', filter.search);
    if (q.type) params.set('type', q.type);
    next = `/v1/chats?${params}`;
  }
  return {
    data: rows.map((row) => toChat(row, notes.get(row.chat_id) ?? [], user, now)),
    ...totals,
    next,
  };
}

/** GET /v1/chats/total: the per-tab counts. */
export const chatTotals = (ctx: AppContext, user: UserRow) => inboxTotals(ctx.db, user.id, ctx.clock.now());

/** The chat as `user` sees it, with their notes, or a 404. */
export async function chatView(ctx: AppContext, user: UserRow, otherUserId: string) {
  if (!isUuid(otherUserId)) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  const row = await findChatRow(ctx.db, user.id, otherUserId);
  if (!row) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  if (row.other_role !== 'admin' && (await isGone(ctx, otherUserId))) {
    throw new DomainError(410, 'account_gone', ERRORS.accountGone);
  }
  const notes = await notesFor(ctx.db, user.id, [row.chat_id]);
  return toChat(row, notes.get(row.chat_id) ?? [], user, ctx.clock.now());
}

/** Banned or erased accounts are gone: their chats answer 410 (part 2 §4: removed locally). */
async function isGone(ctx: AppContext, userId: string) {
  const other = await usersRepository.findById(ctx.db, userId);
  return !other || other.banned_at !== null || other.deleted_at !== null;
}

/**
 * POST /v1/chat: opens (or reopens) the chat with `recipientId`. Fans chat with creators and
 * support; two fans cannot open a chat. A block on either side refuses.
 */
export async function openChat(ctx: AppContext, user: UserRow, recipientId: string) {
  if (recipientId === user.id) throw badRequest(ERRORS.ownChat, 'own_chat');
  const other = isUuid(recipientId) ? await usersRepository.findById(ctx.db, recipientId) : undefined;
  if (!other) throw notFound(ERRORS.userNotFound, 'user_not_found');
  if (await isGone(ctx, other.id)) throw new DomainError(410, 'account_gone', ERRORS.accountGone);
  assertNotFrozen(user);
  const fanToFan =
    user.type === 'user' && other.type === 'user' && user.role !== 'admin' && other.role !== 'admin';
  if (fanToFan) throw forbidden(ERRORS.cannotCreateChat, 'cannot_create_chat');
  await ctx.db.transaction().execute(async (trx) => {
    const blocks = await trx
      .selectFrom('chat_members')
      .select('blocked')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', user.id), eb('other_user_id', '=', other.id)]),
          eb.and([eb('user_id', '=', other.id), eb('other_user_id', '=', user.id)]),
        ]),
      )
      .where('blocked', '=', true)
      .execute();
    if (blocks.length > 0) throw forbidden(ERRORS.blocked, 'blocked');
    // Part 2 §4: a fan's first chat with a creator may need an earlier purchase (402).
    await assertMayOpenChat(trx, user, other.id);
    await getOrCreateChat(trx, user.id, other.id);
    await trx
      .updateTable('chat_members')
      .set({ hidden: false })
      .where('user_id', '=', user.id)
      .where('other_user_id', '=', other.id)
      .execute();
  });
  return chatView(ctx, user, other.id);
}

/**
 * Part 2 §4: the unread count goes down by what a page of messages showed. Marks read the messages
 * to `me` from `fromId` on (the oldest one the reader has loaded) and takes exactly that many off
 * each chat's unread count; older unread messages stay unread until their page is loaded.
 */
async function readFrom(
  trx: Transaction<DB>,
  me: string,
  target: string[] | Expression<unknown>,
  fromId: number,
  now: Date,
) {
  const members = await trx
    .selectFrom('chat_members')
    .select(['chat_id', 'other_user_id', 'last_message_id', 'cleared_before_id'])
    .where('user_id', '=', me)
    .where('other_user_id', 'in', target as never)
    .where('unread_messages', '>', 0)
    .execute();
  const read: typeof members = [];
  for (const m of members) {
    const marked = await trx
      .updateTable('messages')
      .set({ is_read: true, read_at: now })
      .where('chat_id', '=', m.chat_id)
      .where('recipient_id', '=', me)
      .where('is_read', '=', false)
      // History this member deleted was already taken off their count.
      .where('id', '>=', Math.max(fromId, (m.cleared_before_id ?? 0) + 1))
      .executeTakeFirst();
    const n = Number(marked.numUpdatedRows);
    if (n === 0) continue;
    await trx
      .updateTable('chat_members')
      .set({
        unread_messages: sql`greatest(unread_messages - ${n}, 0)`,
        last_read_message_id: sql`last_message_id`,
      })
      .where('user_id', '=', me)
      .where('chat_id', '=', m.chat_id)
      .execute();
    read.push(m);
  }
  return read;
}

/** GET /v1/chats/presence: the online state of those of `ids` who are the caller's chat partners. */
export async function partnersPresence(ctx: AppContext, user: UserRow, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return { data: [] };
  const rows = await ctx.db
    .selectFrom('chat_members as m')
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .select(['o.id', 'o.online', 'o.last_online'])
    .where('m.user_id', '=', user.id)
    .where('m.other_user_id', 'in', valid)
    .execute();
  const now = ctx.clock.now();
  return {
    data: rows.map((r) => ({
      user_id: r.id,
      is_online: isOnline(r, now),
      last_online: r.last_online ? r.last_online.toISOString() : null,
    })),
  };
}

const ACTION_SET = {
  hide: { hidden: true },
  favorite: { is_favorite: true },
  remove_favorite: { is_favorite: false },
  block: { blocked: true },
  unblock: { blocked: false },
  block_media: { media_blocked: true },
  allow_media: { media_blocked: false },
} as const;

/**
 * PATCH /v1/chats: one set-based statement over the chosen chats (ids mode) or over a whole
 * category minus exceptions (select-all mode), in one transaction.
 */
export async function applyChatAction(ctx: AppContext, user: UserRow, input: ChatsActionData) {
  const now = ctx.clock.now();
  const me = user.id;
  const targets = (ids: string[] | undefined, except: string[] | undefined) => {
    if (ids) return ids.filter(isUuid);
    return inboxScope(ctx.db, me, { type: input.type ?? 'all', search: input.search }, now)
      .select('m.other_user_id')
      .$if((except ?? []).filter(isUuid).length > 0, (q) =>
        q.where('m.other_user_id', 'not in', (except ?? []).filter(isUuid)),
      );
  };
  const target = targets(input.ids, input.except_ids);
  if (Array.isArray(target) && target.length === 0) return { action: input.action, updated: 0 };

  const reads: { chat_id: string; other_user_id: string; last_message_id: number | null }[] = [];
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const scoped = trx
      .updateTable('chat_members')
      .where('user_id', '=', me)
      .where('other_user_id', 'in', target as never);
    switch (input.action) {
      case 'read': {
        if (input.from_message_id !== undefined) {
          const rows = await readFrom(trx, me, target, Number(input.from_message_id), now);
          reads.push(...rows);
          return rows.length;
        }
        const rows = await scoped
          .set({ unread_messages: 0, last_read_message_id: sql`last_message_id` })
          .where('unread_messages', '>', 0)
          .returning(['chat_id', 'other_user_id', 'last_message_id'])
          .execute();
        if (rows.length > 0) {
          await trx
            .updateTable('messages')
            .set({ is_read: true, read_at: now })
            .where(
              'chat_id',
              'in',
              rows.map((r) => r.chat_id),
            )
            .where('recipient_id', '=', me)
            .where('is_read', '=', false)
            .execute();
        }
        reads.push(...rows);
        return rows.length;
      }
      case 'delete': {
        const rows = await scoped
          .set({ hidden: true, unread_messages: 0, cleared_before_id: sql`last_message_id` })
          .returning('chat_id')
          .execute();
        return rows.length;
      }
      case 'report': {
        const others = Array.isArray(target)
          ? target
          : (await (target as { execute(): Promise<{ other_user_id: string }[]> }).execute()).map(
              (r) => r.other_user_id,
            );
        if (others.length === 0) return 0;
        await trx
          .insertInto('user_reports')
          .values(others.map((id) => ({ reporter_id: me, reported_id: id, reason: input.reason ?? null })))
          .execute();
        return others.length;
      }
      default: {
        const rows = await scoped
          .set(ACTION_SET[input.action])
          .returning(['chat_id', 'other_user_id'])
          .execute();
        if (input.action === 'block_media' || input.action === 'allow_media') {
          // The other side learns it may (not) send media; my other sessions learn my setting.
          const event = input.action === 'block_media' ? 'block_chat_media' : 'allow_chat_media';
          for (const r of rows) {
            const data = { chat_id: r.chat_id, user_id: me };
            ctx.hub.publish(r.other_user_id, event, data);
            ctx.hub.publish(me, event, data);
          }
        }
        if (input.action === 'favorite' || input.action === 'remove_favorite') {
          await trx
            .updateTable('users')
            .set({
              has_favorites: sql`EXISTS (SELECT 1 FROM chat_members WHERE user_id = ${me} AND is_favorite)`,
            })
            .where('id', '=', me)
            .execute();
        }
        return rows.length;
      }
    }
  });

  for (const r of reads) {
    ctx.hub.publish(r.other_user_id, 'message_read', {
      chat_id: r.chat_id,
      reader_id: me,
      last_read_message_id: r.last_message_id === null ? null : String(r.last_message_id),
      read_at: now.toISOString(),
    });
  }
  if (['read', 'delete', 'hide', 'favorite', 'remove_favorite'].includes(input.action)) {
    ctx.hub.publish(me, 'unread_messages', await unreadTotals(ctx.db, me));
  }
  return { action: input.action, updated };
}
