import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { fansRepository } from './fans-repository';

type Db = Kysely<DB>;
type UsersEb = ExpressionBuilder<DB & { u: DB['users'] }, 'u'>;

/** What a Discover page filters by, already parsed. */
export interface DiscoverFilter {
  askerId: string;
  /** Stored genders (`trans` already mapped to `other`); empty means any. */
  genders: readonly ('male' | 'female' | 'other')[];
  q: string | undefined;
  /** `type=near`: the asker's country; null when it is not known (nothing is near then). */
  country: string | null | undefined;
  codeUsed: string | undefined;
  /** A boost bought before this time and ending after it ranks its creator first. */
  now: Date;
  /** The asker's country when she is a fan: creators who blocked it are left out (451 on their pages). */
  viewerCountry: string | null;
  offset: number;
  limit: number;
}

/** `%`, `_` and `\` match themselves in the ILIKE pattern. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A block in either direction between the asker and `u` (both lookups on chat_members' key). */
function blockedWith(eb: UsersEb, askerId: string) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('chat_members as b')
        .select(sql`1`.as('one'))
        .where('b.user_id', '=', askerId)
        .whereRef('b.other_user_id', '=', 'u.id')
        .where('b.blocked', '=', true),
    ),
    eb.exists(
      eb
        .selectFrom('chat_members as b')
        .select(sql`1`.as('one'))
        .whereRef('b.user_id', '=', 'u.id')
        .where('b.other_user_id', '=', askerId)
        .where('b.blocked', '=', true),
    ),
  ]);
}

/**
 * A creator visible in Discover: featured or forced, not invisible,
 * banned, frozen, deleted or scheduled for deletion. These are exactly the predicate of
 * `users_discover_idx` (migration 0016), so the planner reads that index.
 */
function visibleCreator(eb: UsersEb) {
  return eb.and([
    eb('u.type', '=', 'featured'),
    eb.or([eb('u.discover_status', '=', 'featured'), eb('u.force_discover', '=', true)]),
    eb('u.profile_invisible', '=', false),
    eb('u.banned_at', 'is', null),
    eb('u.frozen_at', 'is', null),
    eb('u.deleted_scheduled', '=', false),
    eb('u.deleted_at', 'is', null),
  ]);
}

export const discoverRepository = {
  /** One Discover page in one statement: the cards' rows with is_followee. */
  page(db: Db, f: DiscoverFilter) {
    let query = db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.avatar_url',
        'u.bio',
        'u.tags',
        'u.gender',
        'u.online',
        'u.last_online',
        'u.rank',
        'u.punishment_alert',
        'u.final_punishment_alert',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('follows as f')
              .select(sql`1`.as('one'))
              .where('f.follower_id', '=', f.askerId)
              .whereRef('f.followee_id', '=', 'u.id'),
          )
          .as('is_followee'),
      )
      .where(visibleCreator)
      // An account an admin gave no_discover is left out of every Discover list.
      .where(sql<boolean>`coalesce((u.features ->> 'no_discover')::boolean, false) = false`)
      .where('u.id', '!=', f.askerId)
      .where((eb) => eb.not(blockedWith(eb, f.askerId)));
    if (f.genders.length > 0) query = query.where('u.gender', 'in', [...f.genders]);
    if (f.q) {
      // search_text is username, bio and tags lowercased, under a trigram index (migration 0020).
      query = query.where('u.search_text', 'like', likePattern(f.q.toLowerCase()));
    }
    if (f.country !== undefined) {
      query =
        f.country === null ? query.where(sql<boolean>`false`) : query.where('u.country', '=', f.country);
    }
    if (f.codeUsed) query = query.where('u.code_used', '=', f.codeUsed);
    if (f.viewerCountry) {
      const country = f.viewerCountry;
      query = query.where(sql<boolean>`NOT (${country}::text = ANY(u.blocked_countries))`);
    }
    return query
      .orderBy(sql`(u.boost_until IS NOT NULL AND u.boost_until > ${f.now}) DESC`)
      .orderBy('u.rank', 'desc')
      .orderBy(sql`u.last_online DESC NULLS LAST`)
      .orderBy('u.id')
      .offset(f.offset)
      .limit(f.limit)
      .execute();
  },

  /** The account a follow names, with whether a block stands between it and the asker. */
  async target(db: Db, askerId: string, userId: string) {
    return db
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.type', 'u.banned_at', 'u.deleted_at'])
      .select((eb) => blockedWith(eb, askerId).as('blocked'))
      .where('u.id', '=', userId)
      .executeTakeFirst();
  },

  /**
   * Follows (once), inside the caller's transaction: `created` when this call created the follow.
   * The first follow of a pair also records the pair in `fans`; `firstFan` says whether that
   * happened now (new_fan is sent then).
   */
  async follow(trx: Db, followerId: string, followeeId: string, at: Date) {
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .returning('follower_id')
      .executeTakeFirst();
    if (!inserted) return { created: false, firstFan: false };
    const first = await fansRepository.record(trx, followeeId, [followerId], 'follower', at);
    return { created: true, firstFan: first.length > 0 };
  },

  async unfollow(db: Db, followerId: string, followeeId: string) {
    await db
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .execute();
  },

  /** Whom a user follows, most recent first (banned and deleted accounts left out). */
  following(db: Db, followerId: string, offset: number, limit: number) {
    return db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.followee_id')
      .select([
        'u.id',
        'u.username',
        'u.avatar_url',
        'u.type',
        'u.online',
        'u.last_online',
        'u.profile_invisible',
        'f.created_at',
      ])
      .where('f.follower_id', '=', followerId)
      .where('u.banned_at', 'is', null)
      .where('u.deleted_at', 'is', null)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.followee_id')
      .offset(offset)
      .limit(limit)
      .execute();
  },

  /** The discover-rank job: every creator's rank recomputed in one statement (migration 0016). */
  async refreshRanks(db: Db, at: Date) {
    const { rows } = await sql<{ changed: number }>`SELECT refresh_creator_rank(${at}) AS changed`.execute(
      db,
    );
    return rows[0]?.changed ?? 0;
  },
};
