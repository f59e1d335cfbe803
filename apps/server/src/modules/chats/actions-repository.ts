// The bulk actions of PATCH /v1/chats: which chats they reach and what they change.
import { type Kysely, sql, type Updateable } from 'kysely';
import type { ChatMembersTable, DB } from '../../db/schema';
import { type InboxFilter, inboxScope } from './inbox-repository';

type Db = Kysely<DB>;

/**
 * The chats a bulk action applies to: the chosen other users, or a whole category minus exceptions.
 * The category is a subquery, so selecting all of a large inbox costs no extra round trip.
 */
export type ChatTargets = string[] | ReturnType<typeof categoryTargets>;

function categoryTargets(db: Db, userId: string, filter: InboxFilter, except: string[], now: Date) {
  return inboxScope(db, userId, filter, now)
    .select('m.other_user_id')
    .$if(except.length > 0, (q) => q.where('m.other_user_id', 'not in', except));
}

export function actionTargets(
  db: Db,
  userId: string,
  selection: { ids?: string[] | undefined; except: string[]; filter: InboxFilter },
  now: Date,
): ChatTargets {
  return selection.ids ?? categoryTargets(db, userId, selection.filter, selection.except, now);
}

/** A target chat whose member row changed. */
export interface FlaggedChat {
  chat_id: string;
  other_user_id: string;
}
/** A target chat read up to its last message, for the other side's `message_read`. */
export interface ChangedChat extends FlaggedChat {
  last_message_id: number | null;
}

const targetsOf = (db: Db, userId: string, targets: ChatTargets) =>
  db
    .updateTable('chat_members')
    .where('user_id', '=', userId)
    .where('other_user_id', 'in', targets as never);

/**
 * Marks read the messages to `userId` in the targets' chats from `fromId` on, and takes exactly that
 * many off each chat's unread count; older unread messages stay unread until their page is loaded.
 */
export async function markReadFrom(
  trx: Db,
  userId: string,
  targets: ChatTargets,
  fromId: number,
  now: Date,
): Promise<ChangedChat[]> {
  const members = await trx
    .selectFrom('chat_members')
    .select(['chat_id', 'other_user_id', 'last_message_id', 'cleared_before_id'])
    .where('user_id', '=', userId)
    .where('other_user_id', 'in', targets as never)
    .where('unread_messages', '>', 0)
    .execute();
  const read: ChangedChat[] = [];
  for (const m of members) {
    const marked = await trx
      .updateTable('messages')
      .set({ is_read: true, read_at: now })
      .where('chat_id', '=', m.chat_id)
      .where('recipient_id', '=', userId)
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
      .where('user_id', '=', userId)
      .where('chat_id', '=', m.chat_id)
      .execute();
    read.push({ chat_id: m.chat_id, other_user_id: m.other_user_id, last_message_id: m.last_message_id });
  }
  return read;
}

/** Marks every message to `userId` in the targets' chats read. */
export async function markAllRead(
  trx: Db,
  userId: string,
  targets: ChatTargets,
  now: Date,
): Promise<ChangedChat[]> {
  const rows = await targetsOf(trx, userId, targets)
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
      .where('recipient_id', '=', userId)
      .where('is_read', '=', false)
      .execute();
  }
  return rows;
}

/** Deletes the targets' chats for `userId`: hidden, and their history so far cleared. */
export async function clearChats(trx: Db, userId: string, targets: ChatTargets): Promise<number> {
  const rows = await targetsOf(trx, userId, targets)
    .set({ hidden: true, hidden_at: null, unread_messages: 0, cleared_before_id: sql`last_message_id` })
    .returning('chat_id')
    .execute();
  return rows.length;
}

/** Hides the targets' chats not hidden yet, each stamped with this hide's time (its Undo finds them by it). */
export function hideChats(trx: Db, userId: string, targets: ChatTargets, now: Date): Promise<FlaggedChat[]> {
  return targetsOf(trx, userId, targets)
    .where('hidden', '=', false)
    .set({ hidden: true, hidden_at: now })
    .returning(['chat_id', 'other_user_id'])
    .execute();
}

/** Reports the target users the reporter shares a chat with (no one else); answers how many. */
export async function reportUsers(
  trx: Db,
  reporterId: string,
  targets: ChatTargets,
  reason: string | null,
): Promise<number> {
  if (Array.isArray(targets) && targets.length === 0) return 0;
  const rows = await trx
    .insertInto('user_reports')
    .columns(['reporter_id', 'reported_id', 'reason'])
    .expression(
      trx
        .selectFrom('chat_members')
        .select([
          sql<string>`${reporterId}::uuid`.as('reporter_id'),
          'other_user_id',
          sql<string | null>`${reason}::text`.as('reason'),
        ])
        .where('user_id', '=', reporterId)
        .where('other_user_id', 'in', targets as never),
    )
    .returning('reported_id')
    .execute();
  return rows.length;
}

/** Sets member flags (hidden, favourite, blocks) on the targets' chats. */
export function setMemberFlags(
  trx: Db,
  userId: string,
  targets: ChatTargets,
  flags: Updateable<ChatMembersTable>,
): Promise<FlaggedChat[]> {
  return targetsOf(trx, userId, targets).set(flags).returning(['chat_id', 'other_user_id']).execute();
}

/** Keeps the user's `has_favorites` equal to whether any of their chats is a favourite. */
export async function refreshHasFavorites(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      has_favorites: sql`EXISTS (SELECT 1 FROM chat_members WHERE user_id = ${userId} AND is_favorite)`,
    })
    .where('id', '=', userId)
    .execute();
}
