import type { BroadcastPage, BroadcastStats } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { nextLink } from '../../lib/paging';
import { lists } from '../lists/service';
import { signerFor } from '../media/signing';
import { assertBroadcastArea, etaSeconds } from './draft';
import { type BroadcastStatsRow, broadcastsRepository } from './repository';

/** A broadcast with its figures as its creator sees it. */
function toStats(
  r: BroadcastStatsRow,
  sign: ReturnType<typeof signerFor>,
  now: Date,
  names: Map<string, string>,
): BroadcastStats {
  return {
    _id: String(r.id),
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    status: r.status,
    type: r.type,
    text: r.text,
    preview: r.media_public_id ? sign(r.media_public_id, 'th') : null,
    price: r.price,
    self_destruct: r.self_destruct,
    total: r.total,
    sent: r.sent,
    read: Number(r.read ?? 0),
    purchases: Number(r.purchases ?? 0),
    earned: Number(r.earned ?? 0),
    eta_s: r.status === 'sending' ? etaSeconds(r.sent, r.total, r.send_at ?? r.created_at, now) : null,
    send_at: r.send_at?.toISOString() ?? null,
    ...namedLists(r, names),
  };
}

/** A broadcast's lists as named now; a list since deleted is no longer named. */
function namedLists(row: { list_id: string | null; exclude_list_ids: string[] }, names: Map<string, string>) {
  const named = (id: string) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ _id: id, name }];
  };
  return {
    list: row.list_id === null ? null : (named(row.list_id)[0] ?? null),
    exclude_lists: row.exclude_list_ids.flatMap(named),
  };
}

/** The names of the lists these broadcasts name, in one query. */
const listNames = (ctx: AppContext, creatorId: string, rows: BroadcastStatsRow[]) =>
  lists.names(
    ctx.db,
    creatorId,
    rows.flatMap((r) => [...(r.list_id ? [r.list_id] : []), ...r.exclude_list_ids]),
  );

/**
 * GET /v1/broadcast: the creator's broadcasts with their figures, newest first (scheduled ones
 * among them); `status=scheduled` the ones still to start, soonest first.
 */
export async function listBroadcasts(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number; status?: 'scheduled' | undefined },
): Promise<BroadcastPage> {
  assertBroadcastArea(user);
  const rows =
    q.status === 'scheduled'
      ? await broadcastsRepository.scheduledPage(ctx.db, user.id, q.limit + 1, q.offset)
      : await broadcastsRepository.page(ctx.db, user.id, q.limit + 1, q.offset);
  const sign = signerFor(ctx, user.id);
  const now = ctx.clock.now();
  const names = await listNames(ctx, user.id, rows);
  return {
    data: rows.slice(0, q.limit).map((r) => toStats(r, sign, now, names)),
    next: nextLink(
      '/v1/broadcast',
      { limit: q.limit, offset: q.offset, status: q.status },
      rows.length > q.limit,
    ),
  };
}

/** One of the creator's broadcasts with its figures; undefined for anyone else's. */
export async function broadcastStats(
  ctx: AppContext,
  user: UserRow,
  id: number,
): Promise<BroadcastStats | undefined> {
  const row = await broadcastsRepository.statsOf(ctx.db, user.id, id);
  if (!row) return undefined;
  return toStats(row, signerFor(ctx, user.id), ctx.clock.now(), await listNames(ctx, user.id, [row]));
}
