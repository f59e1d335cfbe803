// Who is on a list, in SQL (docs/lists.md): a condition over the creator's chat rows, which the
// inbox, the list counts and broadcast audiences compose into their own statements.
import type { ListRule } from '@parlor/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

const DAY_MS = 86_400_000;

/**
 * What a fan pays a creator with: message rates, paid messages and posts, tips, subscriptions and
 * their renewals. The partial index `ledger_entries_spent_with_idx` and the trigger keeping
 * `fan_spending` (migration 0044) name the same reasons; the planner uses the index only when a
 * query names them all.
 */
const SPENDING_REASONS = ['message_rate', 'paid_message', 'paid_post', 'tip', 'subscription'] as const;

const eb = expressionBuilder<DB, never>();

/** A list as its conditions need it: a custom list's id, or a smart list's rule. */
export type ListMembership = { kind: 'custom'; id: string } | { kind: 'smart'; rule: ListRule };

interface Scope {
  creatorId: string;
  now: Date;
  /**
   * The alias of the creator's chat_members rows in the statement the condition joins
   * (`user_id` the creator, `other_user_id` the fan).
   */
  alias?: string;
}

/**
 * The creator's fans who spent at least `min` credits with her since `from`: their debits in the
 * window summed, or, ever, the running total the ledger keeps per fan and creator.
 */
function spenders(creatorId: string, min: number, from: Date | null) {
  if (from === null)
    return eb
      .selectFrom('fan_spending as sp')
      .select('sp.fan_id as user_id')
      .where('sp.creator_id', '=', creatorId)
      .where('sp.credits', '>=', min);
  return eb
    .selectFrom('ledger_entries as l')
    .select('l.user_id')
    .where('l.counterparty_id', '=', creatorId)
    .where('l.account', '=', 'credits')
    .where('l.reason', 'in', [...SPENDING_REASONS])
    .where('l.created_at', '>', from)
    .groupBy('l.user_id')
    .having(sql`sum(-l.delta)`, '>=', min);
}

/** Fans whose latest paid period with the creator (renewing or not) ends after `from`, by `to`. */
function subscriptionsEnding(creatorId: string, from: Date, to: Date) {
  return eb
    .selectFrom('subscriptions as s')
    .select('s.fan_id')
    .where('s.creator_id', '=', creatorId)
    .groupBy('s.fan_id')
    .having(sql`max(s.current_period_end)`, '>', from)
    .having(sql`max(s.current_period_end)`, '<=', to);
}

/** Buyers of one of the creator's media, in a paid message or a paid post. */
function buyersOf(creatorId: string, mediaId: number) {
  return eb
    .selectFrom('message_purchases as p')
    .innerJoin('messages as x', 'x.id', 'p.message_id')
    .select('p.buyer_id')
    .where('p.seller_id', '=', creatorId)
    .where('x.media_id', '=', mediaId)
    .union(
      eb
        .selectFrom('feed_purchases as fp')
        .innerJoin('feed_posts as po', 'po.id', 'fp.post_id')
        .select('fp.buyer_id')
        .where('fp.seller_id', '=', creatorId)
        .where('po.media_id', '=', mediaId),
    );
}

/**
 * A smart list's rule as one condition: every condition the rule gives must hold. Each is a join
 * the planner can run set-wise (a semi or anti join on an index, or a column of the row itself),
 * with the creator's id written in, so none is evaluated once per chat.
 */
export function ruleCondition(rule: ListRule, { creatorId, now, alias = 'm' }: Scope): Expression<SqlBool> {
  const fan = sql.ref<string>(`${alias}.other_user_id`);
  const receivedAt = sql.ref<Date | null>(`${alias}.last_received_at`);
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const active = eb
    .selectFrom('subscriptions as s')
    .select(sql`1`.as('one'))
    .where('s.creator_id', '=', creatorId)
    .where('s.fan_id', '=', fan)
    .where('s.status', '=', 'active');
  const follows = eb
    .selectFrom('follows as f')
    .select(sql`1`.as('one'))
    .where('f.follower_id', '=', fan)
    .where('f.followee_id', '=', creatorId);
  const all: Expression<SqlBool>[] = [];
  if (rule.spent_min !== undefined) {
    const from = rule.spent_days === undefined ? null : since(rule.spent_days);
    all.push(eb(fan, 'in', spenders(creatorId, rule.spent_min, from)));
  }
  if (rule.subscribed !== undefined)
    all.push(rule.subscribed ? eb.exists(active) : eb.not(eb.exists(active)));
  if (rule.subscription_ends_within_days !== undefined) {
    const to = new Date(now.getTime() + rule.subscription_ends_within_days * DAY_MS);
    all.push(eb(fan, 'in', subscriptionsEnding(creatorId, now, to)));
  }
  // The fan's own messages: "has not written in a month" asks about what the fan wrote.
  if (rule.last_message_within_days !== undefined)
    all.push(eb(receivedAt, '>', since(rule.last_message_within_days)));
  if (rule.no_message_for_days !== undefined)
    all.push(eb.or([eb(receivedAt, 'is', null), eb(receivedAt, '<=', since(rule.no_message_for_days))]));
  if (rule.bought_media_id !== undefined)
    all.push(eb(fan, 'in', buyersOf(creatorId, Number(rule.bought_media_id))));
  if (rule.never_bought) {
    all.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_purchases as p')
            .select(sql`1`.as('one'))
            .where('p.seller_id', '=', creatorId)
            .where('p.buyer_id', '=', fan),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('feed_purchases as fp')
            .select(sql`1`.as('one'))
            .where('fp.seller_id', '=', creatorId)
            .where('fp.buyer_id', '=', fan),
        ),
      ),
    );
  }
  if (rule.follower !== undefined) all.push(rule.follower ? eb.exists(follows) : eb.not(eb.exists(follows)));
  return eb.and(all);
}

/** Whether the chat's fan is on the list: a custom list's member, or one the smart rule holds for. */
export function memberCondition(list: ListMembership, scope: Scope): Expression<SqlBool> {
  if (list.kind === 'smart') return ruleCondition(list.rule, scope);
  return eb.exists(
    eb
      .selectFrom('fan_list_members as lm')
      .select(sql`1`.as('one'))
      .where('lm.list_id', '=', list.id)
      .where('lm.fan_id', '=', sql.ref<string>(`${scope.alias ?? 'm'}.other_user_id`)),
  );
}

/**
 * The chat's fan is on none of these lists. A smart list's rule is checked on the same chat row
 * under another alias inside NOT EXISTS, so a rule that cannot tell (a fan who never wrote) leaves
 * the fan in, and the planner runs each exclusion as an anti join.
 */
export function onNoneOf(lists: ListMembership[], scope: Scope): Expression<SqlBool> {
  const alias = scope.alias ?? 'm';
  const fan = sql.ref<string>(`${alias}.other_user_id`);
  const custom = lists.flatMap((l) => (l.kind === 'custom' ? [l.id] : []));
  const none: Expression<SqlBool>[] = [];
  if (custom.length > 0)
    none.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('fan_list_members as lm')
            .select(sql`1`.as('one'))
            .where('lm.list_id', 'in', custom)
            .where('lm.fan_id', '=', fan),
        ),
      ),
    );
  for (const l of lists) {
    if (l.kind !== 'smart') continue;
    // Each NOT EXISTS is a scope of its own, so every one can name its row `x`.
    none.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_members as x')
            .select(sql`1`.as('one'))
            .where('x.user_id', '=', scope.creatorId)
            .where('x.other_user_id', '=', fan)
            .where(ruleCondition(l.rule, { ...scope, alias: 'x' })),
        ),
      ),
    );
  }
  return eb.and(none);
}
