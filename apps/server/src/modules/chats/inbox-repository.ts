// Reading the inbox: its pages, one chat with everything it shows, the per-tab counts, and notes.
import type { ChatTotals, InboxType, Note } from '@parlor/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { categoryCondition } from './categories';

type Db = Kysely<DB>;

export interface InboxFilter {
  type: InboxType;
  search?: string | undefined;
  /** The Hidden view: chats the user hid (not deleted ones) in place of the inbox. */
  hidden?: boolean | undefined;
  /** With `hidden`: only the chats one hide action hid (it stamped them all with this time). */
  hiddenAt?: Date | undefined;
  /** Only the chats on a fan list: the lists module's condition over these rows (`m`). */
  list?: Expression<SqlBool> | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's visible chats (or, in the Hidden view, the ones they hid) narrowed by category, fan
 * list and username search, from chat_members alone (a list's rule may read other tables by index):
 * pages are chosen on its indexes before anything is joined (see `listInbox`).
 */
export function inboxScope(db: Db, userId: string, filter: InboxFilter, now: Date) {
  let q = db.selectFrom('chat_members as m').where('m.user_id', '=', userId);
  q = filter.hidden
    ? q.where('m.hidden', '=', true).where('m.hidden_at', 'is not', null)
    : q.where('m.hidden', '=', false).where((eb) => categoryCondition(eb, filter.type, now));
  if (filter.hidden && filter.hiddenAt) q = q.where('m.hidden_at', '=', filter.hiddenAt);
  if (filter.list) q = q.where(filter.list);
  if (filter.search) {
    const prefix = `${escapeLike(filter.search.toLowerCase())}%`;
    q = q.where('m.other_user_id', 'in', (eb) =>
      eb.selectFrom('users as s').select('s.id').where(sql`lower(s.username)`, 'like', prefix),
    );
  }
  return q;
}

/**
 * A member row with everything a Chat shows: the other user, the chat, the last message, and the
 * other member as my fan (`fans`, a creator's inbox chip: one primary-key probe per row).
 */
function detailQuery(db: Db) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('messages as lm', 'lm.id', 'm.last_message_id')
    .leftJoin('fans as fa', (join) =>
      join.onRef('fa.creator_id', '=', 'm.user_id').onRef('fa.fan_id', '=', 'm.other_user_id'),
    )
    .selectAll('m')
    .select([
      'o.username',
      'o.type as other_type',
      'o.role as other_role',
      'o.avatar_url',
      'o.last_online',
      'o.online',
      'o.profile_invisible as other_invisible',
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
      'fa.relationship as fan_relationship',
    ]);
}
export type PageRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

const isPinned = sql<boolean>`(m.other_is_system AND m.unread_messages > 0)`;

/** A chat's id and its place in inbox order (last message time in microseconds, none last). */
export interface Placed {
  id: string;
  at: bigint | null;
}

/** Whether `a` comes before `b` in inbox order: newest last message first, then by id. */
function before(a: Placed, b: Placed): boolean {
  if (a.at !== b.at) {
    if (a.at === null) return false;
    if (b.at === null) return true;
    return a.at > b.at;
  }
  return a.id < b.id;
}

/**
 * The unpinned part of a page when some chats are pinned, without testing every skipped row for
 * being pinned (that reads each row of a deep offset from the table, not the index). `window` is the
 * tab in plain order from max(0, offset - pinned) with room for every pinned chat twice: pinned chats
 * placed before the window shifted the unpinned ones by as many, so that many are skipped.
 */
function unpinnedPage(pinned: Placed[], window: Placed[], offset: number, take: number): Placed[] {
  const pinnedIds = new Set(pinned.map((p) => p.id));
  const first = window[0];
  const shift = offset < pinned.length || !first ? 0 : pinned.filter((p) => before(p, first)).length;
  return window.filter((p) => !pinnedIds.has(p.id)).slice(shift, shift + take);
}

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
  /** Where the previous page ended (the `next` link's `after`): the page starts right after it. */
  after?: Placed,
) {
  // Each id comes with its place in inbox order: last_message_at in whole microseconds (a Date
  // would round to milliseconds), so two lists' places compare exactly.
  const micros = (column: 'm.last_message_at' | 'p.last_message_at') =>
    sql<string | null>`(extract(epoch FROM ${sql.ref(column)}) * 1000000)::bigint::text`.as('at');
  const toPlaced = (rows: { other_user_id: string; at: string | null }[]): Placed[] =>
    rows.map((r) => ({ id: r.other_user_id, at: r.at === null ? null : BigInt(r.at) }));
  const pageIds = async (pinned: boolean, skip: number, take: number): Promise<Placed[]> => {
    let q = inboxScope(db, userId, filter, now).select(['m.other_user_id', 'm.last_message_at']);
    if (pinned) q = q.where(isPinned);
    const page = q
      .orderBy(sql`m.last_message_at DESC NULLS LAST`)
      .orderBy('m.other_user_id')
      .offset(skip)
      .limit(take)
      .as('p');
    // The place is computed for the page's rows only: a deep offset skips 100,000 rows, and the
    // expression on each of them cost more than walking the index.
    const rows = await db
      .selectFrom(page)
      .select(['p.other_user_id', micros('p.last_message_at')])
      .orderBy(sql`p.last_message_at DESC NULLS LAST`)
      .orderBy('p.other_user_id')
      .execute();
    return toPlaced(rows);
  };
  // The chats after a place, in inbox order, as index range scans that start at the place: the
  // same time with a greater id, then older times, then chats with no message yet. Cheap at any
  // depth, unlike an offset, which walks every entry before the page.
  const pageAfter = async (from: Placed, take: number): Promise<Placed[]> => {
    const base = () =>
      inboxScope(db, userId, filter, now).select(['m.other_user_id', micros('m.last_message_at')]);
    const out: Placed[] = [];
    if (from.at !== null) {
      const at = sql<Date>`(timestamptz 'epoch' + ${from.at.toString()}::bigint * interval '1 microsecond')`;
      const [tie, older] = await Promise.all([
        base()
          .where('m.last_message_at', '=', at)
          .where('m.other_user_id', '>', from.id)
          .orderBy('m.other_user_id')
          .limit(take)
          .execute(),
        base()
          .where('m.last_message_at', '<', at)
          .orderBy(sql`m.last_message_at DESC NULLS LAST`)
          .orderBy('m.other_user_id')
          .limit(take)
          .execute(),
      ]);
      out.push(...toPlaced(tie), ...toPlaced(older));
    }
    if (out.length < take) {
      let nulls = base().where('m.last_message_at', 'is', null);
      if (from.at === null) nulls = nulls.where('m.other_user_id', '>', from.id);
      out.push(
        ...toPlaced(
          await nulls
            .orderBy('m.other_user_id')
            .limit(take - out.length)
            .execute(),
        ),
      );
    }
    return out.slice(0, take);
  };
  // Pinned chats are few (usually none); reading up to offset + limit of them tells how many the
  // page skips. The page is read at the same time on the guess that none are pinned: the tab's index
  // alone answers it, which keeps deep offsets cheap.
  const [pinned, guess] = await Promise.all([
    pageIds(true, 0, offset + limit),
    after ? pageAfter(after, limit) : pageIds(false, offset, limit),
  ]);
  const pinnedIds = new Set(pinned.map((p) => p.id));
  const page = pinned.slice(offset, offset + limit);
  const need = limit - page.length;
  if (need > 0) {
    if (pinned.length === 0) page.push(...guess);
    else if (after) {
      const unpinned = guess.filter((p) => !pinnedIds.has(p.id));
      page.push(
        ...(unpinned.length >= need || guess.length < limit
          ? unpinned
          : (await pageAfter(after, need + pinned.length)).filter((p) => !pinnedIds.has(p.id))
        ).slice(0, need),
      );
    } else
      page.push(
        ...unpinnedPage(
          pinned,
          await pageIds(false, Math.max(0, offset - pinned.length), limit + 2 * pinned.length),
          offset,
          need,
        ),
      );
  }
  const ids = page.map((p) => p.id);
  const last = page.at(-1);
  // The next page can start after this one's last chat when it is not a pinned one.
  const end = last && !pinnedIds.has(last.id) ? last : undefined;
  if (ids.length === 0) return { rows: [], notes: new Map<string, Note[]>(), end };
  const [rows, notes] = await Promise.all([
    detailQuery(db).where('m.user_id', '=', userId).where('m.other_user_id', 'in', ids).execute(),
    notesFor(db, userId, { otherUserIds: ids }),
  ]);
  const byId = new Map(rows.map((r) => [r.other_user_id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), notes, end };
}

export async function findChatRow(db: Db, userId: string, otherUserId: string) {
  return detailQuery(db)
    .where('m.user_id', '=', userId)
    .where('m.other_user_id', '=', otherUserId)
    .executeTakeFirst();
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
