import type { Chat, ChatTotals, InboxType, Note, ServerEventData } from '@parlor/contract';
import { type Kysely, sql, type Updateable } from 'kysely';
import { batchedLookup } from '../../db/batch';
import { prepared } from '../../db/connection';
import type { ChatMembersTable, DB } from '../../db/schema';
import { categoriesOf, categoryCondition, PRESENCE_STALE_MS } from './categories';

type Db = Kysely<DB>;

export interface InboxFilter {
  type: InboxType;
  search?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's visible chats narrowed by category and username search, from chat_members alone:
 * pages are chosen on its indexes before anything is joined (see `listInbox`).
 */
export function inboxScope(db: Db, userId: string, filter: InboxFilter, now: Date) {
  let q = db
    .selectFrom('chat_members as m')
    .where('m.user_id', '=', userId)
    .where('m.hidden', '=', false)
    .where((eb) => categoryCondition(eb, filter.type, now));
  if (filter.search) {
    const prefix = `${escapeLike(filter.search.toLowerCase())}%`;
    q = q.where('m.other_user_id', 'in', (eb) =>
      eb.selectFrom('users as s').select('s.id').where(sql`lower(s.username)`, 'like', prefix),
    );
  }
  return q;
}

/** A member row with everything a Chat shows: the other user, the chat, the last message. */
function detailQuery(db: Db) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('messages as lm', 'lm.id', 'm.last_message_id')
    .selectAll('m')
    .select([
      'o.username',
      'o.type as other_type',
      'o.role as other_role',
      'o.avatar_url',
      'o.last_online',
      'o.online',
      'o.intro_enabled as other_intro_enabled',
      // A scalar subquery, not a join: joining the other member row on two correlated columns made
      // PostgreSQL misestimate the join at one row and sort the whole inbox (bench/README.md).
      (eb) =>
        eb
          .selectFrom('chat_members as om')
          .select('om.blocked')
          .whereRef('om.chat_id', '=', 'm.chat_id')
          .whereRef('om.user_id', '=', 'm.other_user_id')
          .as('blocked_by_other'),
      (eb) =>
        eb
          .selectFrom('chat_members as om')
          .select('om.media_blocked')
          .whereRef('om.chat_id', '=', 'm.chat_id')
          .whereRef('om.user_id', '=', 'm.other_user_id')
          .as('media_blocked_by_other'),
      'c.credit_rate',
      'c.created_at as chat_created_at',
      'lm.type as lm_type',
      'lm.text as lm_text',
      'lm.sender_id as lm_sender_id',
      'lm.created_at as lm_created_at',
      'lm.deleted_at as lm_deleted_at',
    ]);
}
type PageRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

const isPinned = sql<boolean>`(m.other_is_system AND m.unread_messages > 0)`;

/**
 * One page of the inbox in inbox order, with the caller's notes on its chats: the system
 * account's chats with unread messages first, then everything else by last message, newest first.
 * The page's ids are chosen on chat_members' indexes alone, then only those rows are joined with
 * their details: one query with the joins let the planner misjudge and join and sort the whole
 * inbox (bench/README.md). Independent reads run side by side: three round trips in all.
 */
export async function listInbox(
  db: Db,
  userId: string,
  filter: InboxFilter,
  offset: number,
  limit: number,
  now: Date,
) {
  const pageIds = async (pinned: boolean | undefined, skip: number, take: number) => {
    let q = inboxScope(db, userId, filter, now).select('m.other_user_id');
    if (pinned !== undefined) q = q.where(pinned ? isPinned : sql<boolean>`NOT ${isPinned}`);
    const rows = await q
      .orderBy(sql`m.last_message_at DESC NULLS LAST`)
      .orderBy('m.other_user_id')
      .offset(skip)
      .limit(take)
      .execute();
    return rows.map((r) => r.other_user_id);
  };
  // Pinned chats are few (usually none); reading up to offset + limit of them tells how many the
  // page skips. The page is read at the same time on the guess that none are pinned, without the
  // pinned test: the tab's index alone answers it, which keeps deep offsets cheap. It is read again,
  // pinned ones left out, only when some are pinned.
  const [pinned, pageIfNone] = await Promise.all([
    pageIds(true, 0, offset + limit),
    pageIds(undefined, offset, limit),
  ]);
  const ids = pinned.slice(offset, offset + limit);
  if (ids.length < limit) {
    const unpinned =
      pinned.length === 0
        ? pageIfNone
        : await pageIds(false, Math.max(0, offset - pinned.length), limit - ids.length);
    ids.push(...unpinned);
  }
  if (ids.length === 0) return { rows: [], notes: new Map<string, Note[]>() };
  const [rows, notes] = await Promise.all([
    detailQuery(db).where('m.user_id', '=', userId).where('m.other_user_id', 'in', ids).execute(),
    notesFor(db, userId, { otherUserIds: ids }),
  ]);
  const byId = new Map(rows.map((r) => [r.other_user_id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), notes };
}

export async function findChatRow(db: Db, userId: string, otherUserId: string) {
  return detailQuery(db)
    .where('m.user_id', '=', userId)
    .where('m.other_user_id', '=', otherUserId)
    .executeTakeFirst();
}

export interface SendTarget {
  chat_id: string;
  blocked: boolean;
  blocked_by_other: boolean;
  other_media_blocked: boolean;
  credit_rate: number;
  other_type: 'user' | 'featured';
}

/** What sending needs to know about chats: one statement for the sends that arrive together. */
const sendTargets = batchedLookup(
  async (db, pairs: readonly { userId: string; otherUserId: string }[]) => {
    const rows = await prepared(
      db,
      // A function (migration 0009): its plan is made once per connection, not on every call.
      sql<SendTarget & { user_id: string; other_user_id: string }>`
        SELECT * FROM send_targets(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.otherUserId)}::uuid[])`,
    );
    return new Map(
      rows.map(({ user_id, other_user_id, ...target }) => [`${user_id}:${other_user_id}`, target]),
    );
  },
  (p) => `${p.userId}:${p.otherUserId}`,
);

/** What sending needs to know about a chat (the hot path of delivery); undefined when there is none. */
export function findSendTarget(db: Db, userId: string, otherUserId: string): Promise<SendTarget | undefined> {
  return sendTargets(db, { userId, otherUserId });
}

export async function findChatRowById(db: Db, userId: string, chatId: string) {
  return detailQuery(db).where('m.user_id', '=', userId).where('m.chat_id', '=', chatId).executeTakeFirst();
}

/**
 * The nine tab counts: seven from the user's counter rows (migration 0007, exact in every
 * transaction); online and recent depend on presence and the clock, so they are counted live, each
 * on an index (the online users, a range of the inbox index).
 */
export async function inboxTotals(db: Db, userId: string, now: Date): Promise<ChatTotals> {
  const live = (type: 'online' | 'recent') =>
    inboxScope(db, userId, { type }, now).select(sql<number>`count(*)::int`.as('n'));
  const counted = (column: string) => sql<number>`COALESCE(sum(${sql.ref(`ic.${column}`)}), 0)::int`;
  const row = await db
    .selectFrom('inbox_counters as ic')
    .where('ic.user_id', '=', userId)
    .select([
      counted('chats').as('all'),
      counted('fans').as('fans'),
      counted('subscribers').as('subscribers'),
      counted('favorites').as('favorites'),
      counted('unreplied').as('unreplied'),
      counted('vip').as('vip'),
      counted('sent').as('sent'),
      live('online').as('online'),
      live('recent').as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return {
    all: row.all ?? 0,
    online: row.online ?? 0,
    fans: row.fans ?? 0,
    subscribers: row.subscribers ?? 0,
    favorites: row.favorites ?? 0,
    unreplied: row.unreplied ?? 0,
    vip: row.vip ?? 0,
    recent: row.recent ?? 0,
    sent: row.sent ?? 0,
  };
}

/** Notes the author wrote on these chats, in one query for the whole page. */
/** The author's notes on chats, by chat id or by the other user's id, oldest first, keyed by chat. */
export async function notesFor(
  db: Db,
  authorId: string,
  chats: string[] | { otherUserIds: string[] },
): Promise<Map<string, Note[]>> {
  const map = new Map<string, Note[]>();
  const byOther = !Array.isArray(chats);
  const keys = byOther ? chats.otherUserIds : chats;
  if (keys.length === 0) return map;
  let q = db
    .selectFrom('chat_notes as n')
    .select(['n.id', 'n.chat_id', 'n.text', 'n.created_at'])
    .where('n.author_id', '=', authorId)
    .orderBy('n.created_at');
  q = byOther
    ? q.where('n.chat_id', 'in', (eb) =>
        eb
          .selectFrom('chat_members as m')
          .select('m.chat_id')
          .where('m.user_id', '=', authorId)
          .where('m.other_user_id', 'in', keys),
      )
    : q.where('n.chat_id', 'in', keys);
  for (const r of await q.execute()) {
    const list = map.get(r.chat_id) ?? [];
    list.push({ _id: r.id, text: r.text, created_at: r.created_at.toISOString() });
    map.set(r.chat_id, list);
  }
  return map;
}

export function isOnline(row: { online: boolean; last_online: Date | null }, now: Date) {
  return (
    row.online && row.last_online !== null && row.last_online.getTime() > now.getTime() - PRESENCE_STALE_MS
  );
}

/** Maps an inbox row to the contract's Chat as its member sees it. */
export function toChat(
  row: PageRow,
  notes: Note[],
  viewer: { type: 'user' | 'featured'; intro_enabled: boolean; credits: number },
  now: Date,
): Chat {
  const online = isOnline(row, now);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  // Intro: a fan's first message to a creator who has intros on. The chat is an intro
  // (for both sides) until its first message ends it; only the fan can intro.
  const fanView = viewer.type === 'user' && row.other_type === 'featured';
  const creatorView = viewer.type === 'featured' && row.other_type === 'user';
  const introEnabled = fanView ? row.other_intro_enabled : creatorView && viewer.intro_enabled;
  const hasMessages = row.last_message_id !== null;
  return {
    _id: row.chat_id,
    chat_id: row.chat_id,
    recipient_id: row.other_user_id,
    other_user: {
      _id: row.other_user_id,
      username: row.username,
      type: row.other_type,
      avatar_url: row.avatar_url,
      last_online: iso(row.last_online),
      is_online: online,
    },
    unread_messages: row.unread_messages,
    unread_messages_favorites: row.is_favorite ? row.unread_messages : 0,
    last_message_time: iso(row.last_message_at),
    last_message:
      row.last_message_id !== null && row.lm_sender_id && row.lm_created_at
        ? {
            _id: String(row.last_message_id),
            type: row.lm_type ?? 'text',
            text: row.lm_deleted_at ? null : (row.lm_text ?? null),
            sender_id: row.lm_sender_id,
            created_at: row.lm_created_at.toISOString(),
            is_deleted: row.lm_deleted_at !== null,
          }
        : null,
    created_at: row.chat_created_at.toISOString(),
    type: row.other_type,
    category: categoriesOf(row, online, now),
    is_favorite: row.is_favorite,
    is_blocked: row.blocked,
    is_blocked_by_other: row.blocked_by_other === true,
    is_media_blocked: row.media_blocked,
    is_media_blocked_by_other: row.media_blocked_by_other === true,
    is_staff: row.other_role === 'admin',
    is_staff_mo: false,
    intro_enabled: introEnabled,
    intro_ended: hasMessages,
    is_intro: introEnabled && !hasMessages,
    can_intro: fanView && introEnabled && !hasMessages,
    credit_rate: row.credit_rate,
    spent_credits: row.spent_credits,
    credits: viewer.credits,
    notes,
  };
}

const ordered = (a: string, b: string) => (a < b ? [a, b] : [b, a]) as [string, string];

/** Finds the pair's chat or creates it with both members' rows; safe against concurrent creation. */
export async function getOrCreateChat(trx: Db, userA: string, userB: string): Promise<string> {
  const [low, high] = ordered(userA, userB);
  await trx
    .insertInto('chats')
    .values({ user_low: low, user_high: high })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .execute();
  const chat = await trx
    .selectFrom('chats')
    .select('id')
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirstOrThrow();
  // Each member row notes whether the other side is the system (support) account, whose chats with
  // unread messages are pinned to the top of the inbox.
  await sql`
    INSERT INTO chat_members (chat_id, user_id, other_user_id, other_is_system)
    SELECT ${chat.id}, me.id, other.id, other.role = 'admin'
    FROM users me JOIN users other ON other.id = CASE WHEN me.id = ${low}::uuid THEN ${high}::uuid ELSE ${low}::uuid END
    WHERE me.id IN (${low}::uuid, ${high}::uuid)
    ON CONFLICT (user_id, other_user_id) DO NOTHING`.execute(trx);
  return chat.id;
}

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: Db, userA: string, userB: string): Promise<boolean> {
  const row = await db
    .selectFrom('chat_members')
    .select('blocked')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userA), eb('other_user_id', '=', userB)]),
        eb.and([eb('user_id', '=', userB), eb('other_user_id', '=', userA)]),
      ]),
    )
    .where('blocked', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Brings the chat back into its member's inbox. */
export async function unhideChat(db: Db, userId: string, otherUserId: string): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({ hidden: false })
    .where('user_id', '=', userId)
    .where('other_user_id', '=', otherUserId)
    .execute();
}

/** Totals asked for together (one per delivered message) are read in one statement. */
const totalsLookup = batchedLookup(
  async (db, userIds: readonly string[]) => {
    const rows = await prepared(
      db,
      sql<{ user_id: string; all: number; favorites: number }>`
        SELECT user_id, COALESCE(sum(unread_messages), 0)::int AS all,
          COALESCE(sum(unread_messages_favorites), 0)::int AS favorites
        FROM inbox_counters WHERE user_id = ANY(${[...userIds]}::uuid[])
        GROUP BY user_id`,
    );
    return new Map(rows.map((r) => [r.user_id, r]));
  },
  (userId) => userId,
);

/** Unread totals of a user across visible chats (all, and favourites only): their counter rows. */
export async function unreadTotals(db: Db, userId: string): Promise<ServerEventData<'unread_messages'>> {
  const row = await totalsLookup(db, userId);
  return { unread_messages: row?.all ?? 0, unread_messages_favorites: row?.favorites ?? 0 };
}

/** A member's row of one chat: the other member and the unread count; undefined for a non-member. */
export function findMember(db: Db, chatId: string, userId: string) {
  return db
    .selectFrom('chat_members')
    .select(['other_user_id', 'unread_messages'])
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A member's chat, addressed by chat id or by the other user's id (lists use the latter). */
export function findMemberChat(db: Db, userId: string, id: string) {
  return db
    .selectFrom('chat_members')
    .select(['chat_id', 'other_user_id'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('chat_id', '=', id), eb('other_user_id', '=', id)]))
    .executeTakeFirst();
}

/** The presence of those of `ids` who are the user's chat partners. */
export function partnersPresence(db: Db, userId: string, ids: string[]) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .select(['o.id', 'o.online', 'o.last_online'])
    .where('m.user_id', '=', userId)
    .where('m.other_user_id', 'in', ids)
    .execute();
}

export async function setCreditRate(db: Db, chatId: string, rate: number): Promise<void> {
  await db.updateTable('chats').set({ credit_rate: rate }).where('id', '=', chatId).execute();
}

/** The rate a message pays, read inside the paying transaction. */
export async function creditRate(db: Db, chatId: string): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select('credit_rate')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  return row.credit_rate;
}

const noteColumns = ['id', 'text', 'created_at'] as const;

export function insertNote(db: Db, chatId: string, authorId: string, text: string) {
  return db
    .insertInto('chat_notes')
    .values({ chat_id: chatId, author_id: authorId, text })
    .returning(noteColumns)
    .executeTakeFirstOrThrow();
}

/** Changes the author's note; undefined when they have no such note. */
export function updateNote(db: Db, authorId: string, noteId: string, text: string, now: Date) {
  return db
    .updateTable('chat_notes')
    .set({ text, updated_at: now })
    .where('id', '=', noteId)
    .where('author_id', '=', authorId)
    .returning(noteColumns)
    .executeTakeFirst();
}

/** Deletes the author's note; false when they have no such note. */
export async function deleteNote(db: Db, authorId: string, noteId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('chat_notes')
    .where('id', '=', noteId)
    .where('author_id', '=', authorId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

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
    .set({ hidden: true, unread_messages: 0, cleared_before_id: sql`last_message_id` })
    .returning('chat_id')
    .execute();
  return rows.length;
}

/** Reports the target users; answers how many. */
export async function reportUsers(
  trx: Db,
  reporterId: string,
  targets: ChatTargets,
  reason: string | null,
): Promise<number> {
  const others = Array.isArray(targets) ? targets : (await targets.execute()).map((r) => r.other_user_id);
  if (others.length === 0) return 0;
  await trx
    .insertInto('user_reports')
    .values(others.map((id) => ({ reporter_id: reporterId, reported_id: id, reason })))
    .execute();
  return others.length;
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
