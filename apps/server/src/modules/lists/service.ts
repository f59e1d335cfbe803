import {
  type CreateFanListRequest,
  type FanList,
  LIST_MESSAGES,
  LISTS_MAX,
  ListRule,
  type UpdateFanListRequest,
} from '@parlor/contract';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import { MEDIA_MESSAGES } from '../media/content';
import { mediaByIds, namedMedia } from '../media/views';
import { type CountedList, listsRepository } from './repository';
import { type ListMembership, memberCondition, onNoneOf } from './rules';

type Db = Kysely<DB>;
type ListRow = Awaited<ReturnType<typeof listsRepository.all>>[number];

/** Lists are a creator's (a team seat acts as her); anyone else is refused. */
function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(LIST_MESSAGES.creatorsOnly, 'creators_only');
}

const listNotFound = () => notFound(LIST_MESSAGES.notFound, 'list_not_found');

function membershipOf(row: ListRow): ListMembership {
  return row.kind === 'smart'
    ? { kind: 'smart', rule: ListRule.parse(row.rule) }
    : { kind: 'custom', id: row.id };
}

const counted = (row: ListRow, creatorId: string, now: Date): CountedList => ({
  id: row.id,
  kind: row.kind,
  ...(row.kind === 'smart' ? { condition: memberCondition(membershipOf(row), { creatorId, now }) } : {}),
});

function toFanList(row: ListRow, count: number, includes?: boolean): FanList {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    rule: row.kind === 'smart' ? ListRule.parse(row.rule) : null,
    count,
    ...(includes !== undefined ? { includes } : {}),
    created_at: row.created_at.toISOString(),
  };
}

/** One of the creator's lists; any other id, whoever's list it is, is not found. */
async function ownList(db: Db, user: UserRow, id: string, share = false): Promise<ListRow> {
  assertCreator(user);
  const row = isUuid(id) ? await listsRepository.byId(db, user.id, id, share) : undefined;
  if (!row) throw listNotFound();
  return row;
}

async function countOf(db: Db, row: ListRow, creatorId: string, now: Date): Promise<number> {
  return (await listsRepository.counts(db, creatorId, [counted(row, creatorId, now)])).get(row.id) ?? 0;
}

const hasRule = (rule: ListRule) => Object.values(rule).some((v) => v !== undefined);

/**
 * The rule as stored: a bought item is named by its vault id (the `_id` of GET /v1/media, or its
 * public id on the way in), and must be one of the creator's own media.
 */
async function storedRule(db: Db, creatorId: string, rule: ListRule): Promise<ListRule> {
  const ref = rule.bought_media_id;
  if (ref === undefined) return rule;
  const media = /^\d{1,18}$/.test(ref)
    ? (await mediaByIds(db, [Number(ref)]))[0]
    : await namedMedia(db, creatorId, { public_id: ref });
  if (!media || media.owner_id !== creatorId)
    throw badRequest(MEDIA_MESSAGES.notFound, 'media_not_found', 'rule.bought_media_id');
  return { ...rule, bought_media_id: String(media.id) };
}

/**
 * GET /v1/lists: every list with its count, in one statement; with `member_id`, whether that fan
 * is on each (a second statement, run alongside).
 */
export async function listFanLists(ctx: AppContext, user: UserRow, q: { member_id?: string | undefined }) {
  assertCreator(user);
  const now = ctx.clock.now();
  const rows = await listsRepository.all(ctx.db, user.id);
  const lists = rows.map((r) => counted(r, user.id, now));
  const memberId = q.member_id;
  const [counts, including] = await Promise.all([
    listsRepository.counts(ctx.db, user.id, lists),
    memberId === undefined
      ? undefined
      : isUuid(memberId)
        ? listsRepository.including(ctx.db, user.id, memberId, lists)
        : new Set<string>(),
  ]);
  return {
    data: rows.map((r) => toFanList(r, counts.get(r.id) ?? 0, including ? including.has(r.id) : undefined)),
  };
}

/** POST /v1/lists: a new list; names are unique per creator whatever their case, LISTS_MAX at most. */
export async function createFanList(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof CreateFanListRequest>,
) {
  assertCreator(user);
  const rule = input.kind === 'smart' && input.rule ? await storedRule(ctx.db, user.id, input.rule) : null;
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await listsRepository.lockCreator(trx, user.id);
    if (await listsRepository.nameTaken(trx, user.id, input.name))
      throw conflict(LIST_MESSAGES.nameTaken, 'list_name_taken', 'name');
    if ((await listsRepository.count(trx, user.id)) >= LISTS_MAX)
      throw conflict(LIST_MESSAGES.tooMany, 'too_many_lists');
    return listsRepository.insert(trx, {
      creatorId: user.id,
      name: input.name,
      kind: input.kind,
      rule,
      at: now,
    });
  });
  return toFanList(row, await countOf(ctx.db, row, user.id, now));
}

/** PATCH /v1/lists/{id}: a new name, or (a smart list) a new rule in place of the old one. */
export async function updateFanList(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: z.output<typeof UpdateFanListRequest>,
) {
  const list = await ownList(ctx.db, user, id);
  if (input.rule !== undefined) {
    if (list.kind === 'custom') throw badRequest(LIST_MESSAGES.customHasNoRule, 'invalid_input', 'rule');
    if (!hasRule(input.rule)) throw badRequest(LIST_MESSAGES.ruleRequired, 'invalid_input', 'rule');
  }
  const now = ctx.clock.now();
  if (input.name === undefined && input.rule === undefined)
    return toFanList(list, await countOf(ctx.db, list, user.id, now));
  const rule = input.rule === undefined ? undefined : await storedRule(ctx.db, user.id, input.rule);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await listsRepository.lockCreator(trx, user.id);
    if (input.name !== undefined && (await listsRepository.nameTaken(trx, user.id, input.name, list.id)))
      throw conflict(LIST_MESSAGES.nameTaken, 'list_name_taken', 'name');
    return listsRepository.update(trx, user.id, list.id, { name: input.name, rule });
  });
  if (!row) throw listNotFound();
  return toFanList(row, await countOf(ctx.db, row, user.id, now));
}

/** DELETE /v1/lists/{id}: its members go with it; broadcasts sent to it no longer name it. */
export async function deleteFanList(ctx: AppContext, user: UserRow, id: string) {
  assertCreator(user);
  if (!isUuid(id) || !(await listsRepository.delete(ctx.db, user.id, id))) throw listNotFound();
}

/** The custom list a members call changes; a smart list's members follow its rule alone. */
async function customList(trx: Db, user: UserRow, id: string) {
  const list = await ownList(trx, user, id, true);
  if (list.kind !== 'custom') throw conflict(LIST_MESSAGES.smartMembers, 'smart_list_members');
  return list;
}

/**
 * POST /v1/lists/{id}/members: adds the fans among `ids` who have a chat with the creator (others
 * are left out); fans already on the list count as unchanged.
 */
export async function addListMembers(ctx: AppContext, user: UserRow, id: string, ids: string[]) {
  const now = ctx.clock.now();
  const fans = [...new Set(ids.filter(isUuid))];
  return ctx.db.transaction().execute(async (trx) => {
    const list = await customList(trx, user, id);
    const changed = fans.length > 0 ? await listsRepository.addMembers(trx, user.id, list.id, fans, now) : 0;
    return { changed, count: await countOf(trx, list, user.id, now) };
  });
}

/** DELETE /v1/lists/{id}/members?ids=: takes those fans off the list. */
export async function removeListMembers(ctx: AppContext, user: UserRow, id: string, ids: string[]) {
  const now = ctx.clock.now();
  const fans = [...new Set(ids.filter(isUuid))];
  return ctx.db.transaction().execute(async (trx) => {
    const list = await customList(trx, user, id);
    const changed = fans.length > 0 ? await listsRepository.removeMembers(trx, list.id, fans) : 0;
    return { changed, count: await countOf(trx, list, user.id, now) };
  });
}

/**
 * What other modules ask of lists: conditions over the creator's chat rows (alias `m`, `m.user_id`
 * the creator, `m.other_user_id` the fan) that they compose into their own statements, so a list
 * of 100,000 fans is filtered, paged and counted in the database.
 */
export const lists = {
  /** The chats on one of the creator's lists (the inbox's list tab); 404 for anyone else's list. */
  async condition(db: Db, user: UserRow, listId: string, now: Date): Promise<Expression<SqlBool>> {
    const list = await ownList(db, user, listId);
    return memberCondition(membershipOf(list), { creatorId: user.id, now });
  },

  /**
   * A broadcast's lists: the chats on `listId` (when given) and the condition that leaves out the
   * fans on any of `excludeIds`. Every id must be one of the creator's lists (404 otherwise).
   */
  async audience(
    db: Db,
    user: UserRow,
    ids: { listId?: string | undefined; excludeIds?: string[] | undefined },
    now: Date,
  ): Promise<{ include?: Expression<SqlBool>; exclude?: Expression<SqlBool> }> {
    const scope = { creatorId: user.id, now };
    const include = ids.listId === undefined ? undefined : await lists.condition(db, user, ids.listId, now);
    const wanted = [...new Set(ids.excludeIds ?? [])];
    if (wanted.length === 0) return include ? { include } : {};
    assertCreator(user);
    const found = wanted.every(isUuid) ? await listsRepository.byIds(db, user.id, wanted) : [];
    if (found.length !== wanted.length) throw listNotFound();
    const exclude = onNoneOf(found.map(membershipOf), scope);
    return include ? { include, exclude } : { exclude };
  },

  /** The names of those of `ids` that are still the creator's lists. */
  names: listsRepository.names,
};
