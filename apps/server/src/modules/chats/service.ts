import type { ChatListQuery, ChatsActionData } from '@parlor/contract';
import { ERRORS } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import type { EventTransaction } from '../../events/bus';
import { badRequest, DomainError, forbidden, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { assertMayMessageFans, assertNotFrozen, isUuid } from '../../lib/users';
import { lists } from '../lists/service';
import { assertMayOpenChat } from '../payments/free-chats';
import { recordAffiliateVisit } from '../users/affiliate';
import { shownPresence } from '../users/presence';
import { users } from '../users/service';
import {
  actionTargets,
  type ChangedChat,
  clearChats,
  type FlaggedChat,
  hideChats,
  markAllRead,
  markReadFrom,
  refreshHasFavorites,
  reportUsers,
  setMemberFlags,
} from './actions-repository';
import { toChat } from './dto';
import {
  findChatRow,
  findChatRowById,
  inboxTotals,
  listInbox,
  notesFor,
  type Placed,
} from './inbox-repository';
import {
  deliverPendingCopies,
  findMember,
  findOrCreateChat,
  findSendTarget,
  isBlockedBetween,
  partnersPresence as partnersPresenceRows,
  unhideChat,
  unreadTotals,
} from './repository';

/** The `after` of a `next` link as the place it names (its format is checked by the contract). */
function placeOf(after: string): Placed {
  const [at, id] = after.split('_') as [string, string];
  return { at: at === 'n' ? null : BigInt(at), id };
}

/** GET /v1/chats: one page of the inbox, the unread totals, and the next page's address. */
export async function inboxPage(ctx: AppContext, user: UserRow, q: z.output<typeof ChatListQuery>) {
  const now = ctx.clock.now();
  const filter = {
    type: q.type ?? 'all',
    search: q.search || undefined,
    hidden: q.hidden,
    // A list tab: the chats on one of my fan lists (404 for anyone else's list).
    list: q.list === undefined ? undefined : await lists.condition(ctx.db, user, q.list, now),
  } as const;
  await deliverPendingCopies(ctx.db, user.id);
  // The unread totals are one counter row, read alongside the page.
  const [{ rows, notes, end }, totals] = await Promise.all([
    listInbox(ctx.db, user.id, filter, q.offset, q.limit, now, q.after ? placeOf(q.after) : undefined),
    unreadTotals(ctx.db, user.id),
  ]);
  // The offset stays for clients that count pages; `after` lets the next page start where this one
  // ended instead of walking every chat before it.
  const next = nextLink(
    '/v1/chats',
    {
      v: 2,
      limit: q.limit,
      offset: q.offset,
      search: filter.search,
      type: q.type,
      list: q.list,
      hidden: q.hidden ? 'true' : undefined,
      after: end ? `${end.at ?? 'n'}_${end.id}` : undefined,
    },
    rows.length === q.limit,
  );
  return {
    data: rows.map((row) => toChat(row, notes.get(row.chat_id) ?? [], user, now)),
    ...totals,
    next,
  };
}

/** GET /v1/chats/total: the per-tab counts. */
export async function chatTotals(ctx: AppContext, user: UserRow) {
  await deliverPendingCopies(ctx.db, user.id);
  return inboxTotals(ctx.db, user.id, ctx.clock.now());
}

/** Banned or erased accounts are gone: their chats answer 410, as if removed. */
const isGone = (user: UserRow | undefined) => !user || user.banned_at !== null || user.deleted_at !== null;
const accountGone = () => new DomainError(410, 'account_gone', ERRORS.accountGone);

/** The chat as `user` sees it, with their notes, or a 404. */
export async function chatView(ctx: AppContext, user: UserRow, otherUserId: string) {
  if (!isUuid(otherUserId)) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  await deliverPendingCopies(ctx.db, user.id);
  const row = await findChatRow(ctx.db, user.id, otherUserId);
  if (!row) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  if (row.other_role !== 'admin' && isGone(await users.byId(ctx.db, otherUserId))) {
    throw accountGone();
  }
  const notes = await notesFor(ctx.db, user.id, [row.chat_id]);
  return toChat(row, notes.get(row.chat_id) ?? [], user, ctx.clock.now());
}

/**
 * The rules of every way into a chat (opening it, a first message, a tip): the other account is not
 * gone, a frozen account does not act, a creator awaiting moderation does not reach out to fans, two
 * fans cannot chat (staff aside), and a block on either side refuses.
 */
async function assertMayChat(db: Kysely<DB>, user: UserRow, other: UserRow) {
  assertPairMayChat(user, other);
  if (await isBlockedBetween(db, user.id, other.id)) throw forbidden(ERRORS.blocked, 'blocked');
}

/** The chat rules that the two accounts alone decide (blocks are read from the chat's rows). */
function assertPairMayChat(user: UserRow, other: UserRow) {
  if (isGone(other)) throw accountGone();
  // A frozen account may still open its chat with support (an admin), and only that one.
  if (other.role !== 'admin') assertNotFrozen(user);
  assertMayMessageFans(user, other);
  const fanToFan =
    user.type === 'user' && other.type === 'user' && user.role !== 'admin' && other.role !== 'admin';
  if (fanToFan) throw forbidden(ERRORS.cannotCreateChat, 'cannot_create_chat');
}

/**
 * POST /v1/chat: opens (or reopens) the chat with `recipientId` under the chat rules; a fan's
 * first chat with a creator may also need an earlier purchase (402).
 */
export async function openChat(ctx: AppContext, user: UserRow, recipientId: string) {
  if (recipientId === user.id) throw badRequest(ERRORS.ownChat, 'own_chat');
  const other = isUuid(recipientId) ? await users.byId(ctx.db, recipientId) : undefined;
  if (!other) throw notFound(ERRORS.userNotFound, 'user_not_found');
  await ctx.events.transaction(ctx.db, async (trx, tx) => {
    await assertMayChat(trx, user, other);
    await assertMayOpenChat(trx, user, other.id);
    await createPairChat(ctx, trx, tx, user, other);
    await unhideChat(trx, user.id, other.id);
  });
  // A referred fan's first chat with her creator is her visit too: the welcome ends.
  await recordAffiliateVisit(ctx, user, other.id);
  return chatView(ctx, user, other.id);
}

/** The pair's chat, created when new; a new chat is told as `chat_created` inside `trx`. */
async function createPairChat(
  ctx: AppContext,
  trx: Kysely<DB>,
  tx: EventTransaction,
  opener: Pick<UserRow, 'id' | 'type' | 'role'>,
  other: Pick<UserRow, 'id' | 'type' | 'role'>,
): Promise<string> {
  const chat = await findOrCreateChat(trx, opener.id, other.id);
  if (chat.created)
    await tx.publish('chat_created', {
      chatId: chat.id,
      opener: { id: opener.id, type: opener.type, role: opener.role },
      other: { id: other.id, type: other.type, role: other.role },
      at: ctx.clock.now(),
    });
  return chat.id;
}

/**
 * The chat a tip goes into, opened under the chat rules when it is new. The first-chat purchase
 * check does not apply: the tip itself is paid.
 */
export async function chatForTip(ctx: AppContext, fan: UserRow, creator: UserRow): Promise<string> {
  // The usual tip goes into a chat that exists: one read (shared with the sends of the same
  // moment), its blocks taken from the two member rows it reads; only a new chat needs a transaction.
  const existing = await findSendTarget(ctx.db, fan.id, creator.id);
  if (existing) {
    assertPairMayChat(fan, creator);
    if (existing.blocked || existing.blocked_by_other) throw forbidden(ERRORS.blocked, 'blocked');
    return existing.chat_id;
  }
  return ctx.events.transaction(ctx.db, async (trx, tx) => {
    await assertMayChat(trx, fan, creator);
    return createPairChat(ctx, trx, tx, fan, creator);
  });
}

/** GET /v1/chats/presence: the online state of those of `ids` who are the caller's chat partners. */
export async function partnersPresence(ctx: AppContext, user: UserRow, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return { data: [] };
  const rows = await partnersPresenceRows(ctx.db, user.id, valid);
  const now = ctx.clock.now();
  return {
    data: rows.map((r) => ({ user_id: r.id, ...shownPresence(r, now) })),
  };
}

const ACTION_SET = {
  unhide: { hidden: false, hidden_at: null },
  favorite: { is_favorite: true },
  remove_favorite: { is_favorite: false },
  block: { blocked: true },
  unblock: { blocked: false },
  block_media: { media_blocked: true },
  allow_media: { media_blocked: false },
} as const;

/** Actions that change the caller's unread totals or which chats they count. */
const CHANGES_TOTALS = new Set(['read', 'delete', 'hide', 'unhide', 'favorite', 'remove_favorite']);

/**
 * PATCH /v1/chats: one set-based statement over the chosen chats (ids mode) or over a whole
 * category minus exceptions (select-all mode), in one transaction. Its events go out after the
 * commit, so no one hears of a change that was rolled back.
 */
export async function applyChatAction(ctx: AppContext, user: UserRow, input: ChatsActionData) {
  const now = ctx.clock.now();
  const me = user.id;
  const targets = actionTargets(
    ctx.db,
    me,
    {
      ids: input.ids?.filter(isUuid),
      except: (input.except_ids ?? []).filter(isUuid),
      // Undo names the hide it reverses by its time: the chats it hid, whichever were selected.
      filter: {
        type: input.type ?? 'all',
        search: input.search,
        hidden: input.action === 'unhide' && (input.hidden || input.hidden_at !== undefined),
        hiddenAt: input.action === 'unhide' && input.hidden_at ? new Date(input.hidden_at) : undefined,
      },
    },
    now,
  );
  // A report names people, so an id that names no one is refused below rather than skipped.
  if (Array.isArray(targets) && targets.length === 0 && input.action !== 'report')
    return { action: input.action, updated: 0 };

  const {
    updated,
    read = [],
    flagged = [],
  } = await ctx.db
    .transaction()
    .execute(async (trx): Promise<{ updated: number; read?: ChangedChat[]; flagged?: FlaggedChat[] }> => {
      switch (input.action) {
        case 'read': {
          const rows =
            input.from_message_id !== undefined
              ? await markReadFrom(trx, me, targets, Number(input.from_message_id), now)
              : await markAllRead(trx, me, targets, now);
          return { updated: rows.length, read: rows };
        }
        case 'delete':
          return { updated: await clearChats(trx, me, targets) };
        case 'hide': {
          // Chats hidden already keep their own stamp: Undo of this hide leaves them hidden.
          const rows = await hideChats(trx, me, targets, now);
          return { updated: rows.length, flagged: rows };
        }
        case 'report': {
          // Only someone the caller shares a chat with can be reported: any other id, a user or
          // not, is no one the caller knows.
          const reported = await reportUsers(trx, me, targets, input.reason ?? null);
          if (input.ids && reported < new Set(input.ids).size)
            throw notFound(ERRORS.userNotFound, 'user_not_found');
          return { updated: reported };
        }
        default: {
          const rows = await setMemberFlags(trx, me, targets, ACTION_SET[input.action]);
          if (input.action === 'favorite' || input.action === 'remove_favorite') {
            await refreshHasFavorites(trx, me);
          }
          return { updated: rows.length, flagged: rows };
        }
      }
    });

  for (const r of read) {
    ctx.hub.publish(r.other_user_id, 'message_read', {
      chat_id: r.chat_id,
      reader_id: me,
      last_read_message_id: r.last_message_id === null ? null : String(r.last_message_id),
      read_at: now.toISOString(),
    });
  }
  if (input.action === 'block_media' || input.action === 'allow_media') {
    // The other side learns it may (not) send media; my other sessions learn my setting.
    const event = input.action === 'block_media' ? 'block_chat_media' : 'allow_chat_media';
    for (const r of flagged) {
      const data = { chat_id: r.chat_id, user_id: me };
      ctx.hub.publish(r.other_user_id, event, data);
      ctx.hub.publish(me, event, data);
    }
  }
  if (input.action === 'block' || input.action === 'unblock') {
    // The blocked side learns at once that it can no longer write (not on its next failed send).
    const event = input.action === 'block' ? 'block_chat' : 'unblock_chat';
    for (const r of flagged) {
      const data = { chat_id: r.chat_id, user_id: me };
      ctx.hub.publish(r.other_user_id, event, data);
      ctx.hub.publish(me, event, data);
    }
  }
  if (CHANGES_TOTALS.has(input.action)) {
    ctx.hub.publish(me, 'unread_messages', await unreadTotals(ctx.db, me));
  }
  return {
    action: input.action,
    updated,
    ...(input.action === 'hide' ? { hidden_at: now.toISOString() } : {}),
  };
}

/**
 * What other modules ask of chats. Each is the chats repository's statement on the handle given, so
 * it runs inside the caller's transaction when handed one.
 */
export const chats = {
  /** What a send needs to know about the pair's chat (batched with the sends arriving together). */
  sendTarget: findSendTarget,
  /** The pair's chat, created when new and told as `chat_created` (a greeting may follow). */
  create: (
    ctx: AppContext,
    opener: Pick<UserRow, 'id' | 'type' | 'role'>,
    other: Pick<UserRow, 'id' | 'type' | 'role'>,
  ) => ctx.events.transaction(ctx.db, (trx, tx) => createPairChat(ctx, trx, tx, opener, other)),
  /**
   * A member's row of one chat (the other member, the unread count, the history they cleared);
   * undefined for a non-member.
   */
  member: findMember,
  /** The chat `userId` is a member of by its id, as the inbox reads it. */
  rowById: findChatRowById,
  notesFor,
  unreadTotals,
  /** Stores the broadcast copies the user is due before their inbox or a conversation is read. */
  deliverPendingCopies,
};
