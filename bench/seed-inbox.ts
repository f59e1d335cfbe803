/**
 * Seeds one creator's inbox, set-based (INSERT ... SELECT over generate_series), on an empty
 * database: the creator, FANS fans each with a chat with the creator, MESSAGES messages spread over
 * those chats (a few heavy chatters, a long tail with one message), realistic last-message fields and
 * unread counts, favourites, spenders (fans, VIPs; their spending in the ledger too), subscribers,
 * followers, hidden chats, one support chat with an unread message (pinned), and access tokens for
 * the creator and the first TOKENS fans.
 *
 *   DATA_DIR=/tmp/x [DATABASE_URL=postgres://...] FANS=100000 MESSAGES=1000000 TOKENS=10000 tsx seed-inbox.ts
 *
 * Writes $DATA_DIR/bench-manifest.json for the other benchmarks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { type BenchEnv, benchEnv, intEnv, isMain, type Manifest } from './lib/env';

/** Messages per INSERT statement: each chunk is one set-based statement (PGlite keeps its memory low). */
const CHUNK = 250_000;

export interface SeedOptions {
  fans: number;
  messages: number;
  tokens: number;
}

export async function seedInbox(e: BenchEnv, o: SeedOptions): Promise<Manifest> {
  if (o.messages < o.fans) throw new Error('MESSAGES must be at least FANS (every chat has a message)');
  fs.mkdirSync(e.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: e.databaseUrl, dataDir: e.dataDir });
  const steps: { step: string; seconds: number }[] = [];
  const started = performance.now();
  const creatorId = randomUUID();
  const supportId = randomUUID();
  const secret = randomBytes(16).toString('hex');
  const F = o.fans;
  const M = o.messages;
  const C = `'${creatorId}'::uuid`;
  const S = `'${supportId}'::uuid`;

  try {
    await migrate(database);
    const manifest = await database.session(async (s) => {
      const step = async (name: string, sql: string) => {
        const t = performance.now();
        await s.exec(sql);
        const seconds = Math.round((performance.now() - t) / 100) / 10;
        steps.push({ step: name, seconds });
        console.log(`  seed: ${name} ${seconds} s`);
      };
      const [{ n } = { n: 0 }] = await s.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE username <> '~platform'",
      );
      if (n > 0) throw new Error('seed-inbox wants an empty database');

      // The data is consistent by construction: skip per-row foreign-key triggers while loading.
      await s.exec('SET session_replication_role = replica');

      // Per-fan plan: ids, and the random draws every later statement agrees on.
      await step(
        'plan',
        `CREATE TEMP TABLE bench_fans AS
           SELECT i, gen_random_uuid() AS id, gen_random_uuid() AS chat_id, random() AS r_spend,
                  random() AS r_fav, random() AS r_hide, random() AS r_read, random() AS r_amount
           FROM generate_series(1, ${F}) i;
         ALTER TABLE bench_fans ADD PRIMARY KEY (i);
         CREATE UNIQUE INDEX ON bench_fans (chat_id);`,
      );

      await step(
        'users',
        `INSERT INTO users (id, username, email, password_hash, type, role, referral_code, email_verified,
                            id_verified, id_verification_status, discover_status, has_favorites, bio, created_at)
         VALUES (${C}, 'benchcreator', 'benchcreator@bench.invalid', '!', 'featured', 'user', 'BENCHCREATOR', true,
                 true, 'verified', 'featured', true, 'Benchmark creator', now() - interval '400 days'),
                (${S}, 'benchsupport', 'benchsupport@bench.invalid', '!', 'user', 'admin', 'BENCHSUPPORT', true,
                 false, NULL, 'hidden', false, '', now() - interval '500 days');
         INSERT INTO users (id, username, email, password_hash, type, referral_code, email_verified, gender,
                            last_online, created_at)
         SELECT id, 'benchfan' || lpad(i::text, 6, '0'), 'benchfan' || i || '@bench.invalid', '!', 'user',
                'BF' || i, true, (ARRAY['male', 'female', 'other'])[1 + i % 3],
                now() - (i % 1000) * interval '1 hour', now() - interval '365 days' + (i % 300) * interval '1 day'
         FROM bench_fans;`,
      );

      await step(
        'chats',
        `INSERT INTO chats (id, user_low, user_high, created_at)
         SELECT chat_id, LEAST(id, ${C}), GREATEST(id, ${C}), now() - interval '200 days' FROM bench_fans;`,
      );

      // The first FANS messages open one chat each; the rest go mostly to a few heavy chatters
      // (fan index skewed by random()^3). Time runs evenly over 180 days up to a minute ago, so ids and
      // times agree; 55% of messages come from the fan.
      for (let lo = 1; lo <= M; lo += CHUNK) {
        const hi = Math.min(M, lo + CHUNK - 1);
        await step(
          `messages ${lo}-${hi}`,
          `INSERT INTO messages (chat_id, sender_id, recipient_id, type, text, is_read, read_at, created_at)
           SELECT f.chat_id,
                  CASE WHEN p.from_fan THEN f.id ELSE ${C} END,
                  CASE WHEN p.from_fan THEN ${C} ELSE f.id END,
                  'text', 'Hey, message ' || p.g || ' ' || md5(p.g::text), true, p.at + interval '1 minute', p.at
           FROM (SELECT g,
                        CASE WHEN g <= ${F} THEN g ELSE 1 + floor(${F} * power(random(), 3))::int END AS fi,
                        random() < 0.55 AS from_fan,
                        now() - interval '1 minute' - (${M} - g) * (interval '180 days' / ${M}) AS at
                 FROM generate_series(${lo}, ${hi}) g) p
           JOIN bench_fans f ON f.i = p.fi
           ORDER BY p.g;`,
        );
      }

      // Per chat: last message, last message of each side.
      await step(
        'last messages',
        `CREATE TEMP TABLE bench_last AS
           SELECT chat_id, max(id) AS last_id,
                  max(id) FILTER (WHERE sender_id = ${C}) AS last_c,
                  max(id) FILTER (WHERE sender_id <> ${C}) AS last_f
           FROM messages GROUP BY chat_id;
         ALTER TABLE bench_last ADD PRIMARY KEY (chat_id);`,
      );

      // Unread: the creator has not opened 30% of chats; those chats' fan messages after the creator's
      // last reply are unread. Fans have not opened 50% of chats the same way.
      await step(
        'unread',
        `UPDATE messages m SET is_read = false, read_at = NULL
         FROM bench_last l JOIN bench_fans f ON f.chat_id = l.chat_id
         WHERE m.chat_id = l.chat_id
           AND ((m.sender_id <> ${C} AND m.id > coalesce(l.last_c, 0) AND f.r_read < 0.3)
             OR (m.sender_id = ${C} AND m.id > coalesce(l.last_f, 0) AND f.r_read >= 0.5));
         CREATE TEMP TABLE bench_unread AS
           SELECT chat_id, recipient_id, count(*)::int AS n FROM messages WHERE NOT is_read GROUP BY chat_id, recipient_id;
         ALTER TABLE bench_unread ADD PRIMARY KEY (chat_id, recipient_id);`,
      );

      // 15% of fans spent credits (about 7% of all at VIP level), 3% subscribe (all spenders),
      // 2% favourites, 1% hidden by the creator.
      await step(
        'chat members',
        `INSERT INTO chat_members (chat_id, user_id, other_user_id, unread_messages, is_favorite, hidden,
                                   last_message_id, last_message_at, last_sender_id, last_read_message_id,
                                   spent_credits, is_subscriber, last_received_at, created_at)
         SELECT f.chat_id, ${C}, f.id, coalesce(u.n, 0), f.r_fav < 0.02, f.r_hide < 0.01 AND coalesce(u.n, 0) = 0,
                l.last_id, lm.created_at, lm.sender_id,
                CASE WHEN coalesce(u.n, 0) = 0 THEN l.last_id ELSE l.last_c END,
                CASE WHEN f.r_spend < 0.15 THEN 10 + floor(power(f.r_amount, 3) * 3000)::int ELSE 0 END,
                f.r_spend < 0.03, lf.created_at, now() - interval '200 days'
         FROM bench_fans f
         JOIN bench_last l ON l.chat_id = f.chat_id
         JOIN messages lm ON lm.id = l.last_id
         LEFT JOIN messages lf ON lf.id = l.last_f
         LEFT JOIN bench_unread u ON u.chat_id = f.chat_id AND u.recipient_id = ${C};
         INSERT INTO chat_members (chat_id, user_id, other_user_id, unread_messages, last_message_id,
                                   last_message_at, last_sender_id, last_read_message_id, last_received_at,
                                   created_at)
         SELECT f.chat_id, f.id, ${C}, coalesce(u.n, 0), l.last_id, lm.created_at, lm.sender_id,
                CASE WHEN coalesce(u.n, 0) = 0 THEN l.last_id ELSE l.last_f END, lc.created_at,
                now() - interval '200 days'
         FROM bench_fans f
         JOIN bench_last l ON l.chat_id = f.chat_id
         JOIN messages lm ON lm.id = l.last_id
         LEFT JOIN messages lc ON lc.id = l.last_c
         LEFT JOIN bench_unread u ON u.chat_id = f.chat_id AND u.recipient_id = f.id;`,
      );

      await step(
        'subscriptions',
        `INSERT INTO subscriptions (fan_id, creator_id, status, price, started_at, current_period_end)
         SELECT id, ${C}, 'active', 100, now() - interval '10 days', now() + interval '20 days'
         FROM bench_fans WHERE r_spend < 0.03;`,
      );

      // What the spenders spent, as the ledger records it (the fan's debits to the creator, which the
      // fan lists' spending rules read): each spender's total in three tips over the last 180 days,
      // and the running totals the ledger's trigger keeps (triggers are off while loading). 20% of
      // fans follow the creator.
      await step(
        'spending and follows',
        `INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id,
                                     idempotency_key, created_at)
         SELECT m.other_user_id, 'credits', -(m.spent_credits / 3 + CASE WHEN k = 1 THEN m.spent_credits % 3 ELSE 0 END),
                0, 'tip', ${C}, 'bench-tip:' || m.other_user_id || ':' || k, now() - random() * interval '180 days'
         FROM chat_members m CROSS JOIN generate_series(1, 3) k
         WHERE m.user_id = ${C} AND m.spent_credits > 0;
         INSERT INTO fan_spending (creator_id, fan_id, credits)
         SELECT counterparty_id, user_id, sum(-delta) FROM ledger_entries WHERE counterparty_id = ${C}
         GROUP BY counterparty_id, user_id;
         INSERT INTO follows (follower_id, followee_id) SELECT id, ${C} FROM bench_fans WHERE r_fav >= 0.8;`,
      );

      // The support account's chat with an unread message is pinned to the top of the inbox.
      await step(
        'support chat',
        `WITH c AS (
           INSERT INTO chats (user_low, user_high) VALUES (LEAST(${C}, ${S}), GREATEST(${C}, ${S})) RETURNING id
         ), m AS (
           INSERT INTO messages (chat_id, sender_id, recipient_id, text, system, created_at)
           SELECT id, ${S}, ${C}, 'Welcome to Parlor! Reply here if you need help.', true, now() - interval '2 days' FROM c
           RETURNING id, chat_id, created_at
         )
         INSERT INTO chat_members (chat_id, user_id, other_user_id, other_is_system, unread_messages,
                                   last_message_id, last_message_at, last_sender_id)
         SELECT m.chat_id, ${C}, ${S}, true, 1, m.id, m.created_at, ${S} FROM m
         UNION ALL
         SELECT m.chat_id, ${S}, ${C}, false, 0, m.id, m.created_at, ${S} FROM m;`,
      );

      // Tokens: sha256 of a per-run secret plus the fan's index, as plugins/auth.ts stores them.
      await step(
        'tokens',
        `INSERT INTO access_tokens (user_id, token_hash, user_agent)
         VALUES (${C}, encode(sha256(convert_to('${secret}-creator', 'UTF8')), 'hex'), 'parlor-bench');
         INSERT INTO access_tokens (user_id, token_hash, user_agent)
         SELECT id, encode(sha256(convert_to('${secret}-' || i, 'UTF8')), 'hex'), 'parlor-bench'
         FROM bench_fans WHERE i <= ${o.tokens};`,
      );

      const fans = await s.query<{ i: number; id: string }>(
        `SELECT i, id::text AS id FROM bench_fans WHERE i <= ${o.tokens} ORDER BY i`,
      );
      await s.exec('SET session_replication_role = DEFAULT');
      // Triggers were off while loading: recount the inbox counters (migration 0007) from the rows.
      await s.exec('SELECT inbox_counters_rebuild()');
      await s.exec('DROP TABLE bench_fans; DROP TABLE bench_last; DROP TABLE bench_unread;');
      // VACUUM cannot run in a multi-statement string; each table on its own.
      const t = performance.now();
      for (const table of [
        'users',
        'chats',
        'chat_members',
        'messages',
        'access_tokens',
        'subscriptions',
        'inbox_counters',
        'ledger_entries',
        'fan_spending',
        'follows',
      ]) {
        await s.exec(`VACUUM ANALYZE ${table}`);
      }
      steps.push({ step: 'vacuum analyze', seconds: Math.round((performance.now() - t) / 100) / 10 });
      console.log(`  seed: vacuum analyze ${steps.at(-1)!.seconds} s`);

      const [counts] = await s.query<Record<string, number>>(
        `SELECT count(*)::int AS chats,
                count(*) FILTER (WHERE m.is_favorite)::int AS favorites,
                count(*) FILTER (WHERE m.spent_credits > 0)::int AS fans2,
                count(*) FILTER (WHERE m.is_subscriber)::int AS subscribers,
                count(*) FILTER (WHERE m.last_sender_id = m.other_user_id)::int AS unreplied,
                count(*) FILTER (WHERE m.spent_credits >= 500)::int AS vip,
                count(*) FILTER (WHERE m.last_sender_id = m.user_id)::int AS sent,
                count(*) FILTER (WHERE m.last_message_at > now() - interval '10 minutes')::int AS recent,
                count(*) FILTER (WHERE m.unread_messages > 0)::int AS unread_chats,
                coalesce(sum(m.unread_messages), 0)::int AS unread_messages,
                (SELECT count(*)::int FROM messages) AS messages
         FROM chat_members m WHERE m.user_id = ${C} AND NOT m.hidden`,
      );
      return {
        backend: e.backend,
        fans: F,
        messages: M,
        seededAt: new Date().toISOString(),
        seedSeconds: Math.round((performance.now() - started) / 100) / 10,
        creator: { id: creatorId, token: `${secret}-creator` },
        fanTokens: fans.map((f) => ({ id: f.id, token: `${secret}-${f.i}` })),
        counts: counts ?? {},
        steps,
      } satisfies Manifest;
    });
    fs.writeFileSync(e.manifestPath, JSON.stringify(manifest));
    return manifest;
  } finally {
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  const e = benchEnv();
  const options = {
    fans: intEnv('FANS', 100_000),
    messages: intEnv('MESSAGES', 1_000_000),
    tokens: intEnv('TOKENS', 10_000),
  };
  console.log(
    `seeding ${e.backend}: ${options.fans} fans, ${options.messages} messages, ${options.tokens} tokens`,
  );
  seedInbox(e, options).then(
    (m) => {
      console.log(`seeded in ${m.seedSeconds} s; creator inbox:`, m.counts);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
