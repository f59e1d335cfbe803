// Discover and feed pages at the size the feed is planned for: 10,000 creators, 100,000 fans (each following
// ten creators, so 1,000,000 follows) and 1,000,000 posts (100 per creator over a year: a third
// private, a tenth paid with a photo), on PostgreSQL through the real server over HTTP. Each case
// asks one page at a time (service time, not throughput) as a different fan each request, after a
// warm-up, and prints p50/p99 (bench/README.md, "Discover and the feed").
//
//   npx tsx bench/discover-feed.ts        (BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_KEEP_DB=1 keeps the database afterwards.
//   BENCH_CREATORS=10000 BENCH_FANS=100000 BENCH_POSTS_PER_CREATOR=100 BENCH_REQUESTS=300 npx tsx bench/discover-feed.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { httpClient } from './lib/http';
import { machineInfo } from './lib/machine';
import { pgAdmin } from './lib/pg-admin';
import { startServer } from './lib/server';
import { fmt, summarize } from './lib/stats';

const adminUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CREATORS = Number(process.env.BENCH_CREATORS ?? 10_000);
const FANS = Number(process.env.BENCH_FANS ?? 100_000);
const POSTS_PER_CREATOR = Number(process.env.BENCH_POSTS_PER_CREATOR ?? 100);
const FOLLOWS_PER_FAN = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;
/** Fans with a token: each request of a case is asked as the next one. */
const ACTORS = 1000;
const stamp = `${Date.now()}_${process.pid}`;
const dbName = `parlor_discover_${stamp}`;
const { run: admin, urlFor } = pgAdmin(adminUrl);

/** Set-based seed; the follow counter trigger is off while a million follows go in, then counted once. */
async function seed(url: string, secret: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (name: string, query: string) => {
    const t = performance.now();
    await c.query(query);
    console.log(`  ${name.padEnd(12)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await step(
      'creators',
      `INSERT INTO users (username, email, password_hash, type, referral_code, email_verified, id_verified,
                          id_verification_status, discover_status, gender, bio, tags, country, last_online)
       SELECT 'creator' || i, 'creator' || i || '@bench.invalid', '!', 'featured', 'C' || i, true, true,
              'verified', 'featured', (ARRAY['female', 'male', 'other'])[1 + i % 3]::text,
              'Creator number ' || i || ', ' || (ARRAY['fitness', 'cooking', 'travel', 'music', 'art'])[1 + i % 5],
              ARRAY[(ARRAY['fitness', 'cooking', 'travel', 'music', 'art'])[1 + i % 5], 'tag' || (i % 50)],
              (ARRAY['US', 'GB', 'DE', 'FR', 'BR'])[1 + i % 5],
              now() - (i % 720) * interval '1 hour'
       FROM generate_series(1, ${CREATORS}) i`,
    );
    await step(
      'fans',
      `INSERT INTO users (username, email, password_hash, type, referral_code, email_verified, gender, country)
       SELECT 'fan' || i, 'fan' || i || '@bench.invalid', '!', 'user', 'F' || i, true, 'male',
              (ARRAY['US', 'GB', 'DE', 'FR', 'BR'])[1 + i % 5]
       FROM generate_series(1, ${FANS}) i`,
    );
    await step(
      'numbering',
      `CREATE TABLE bench_creators AS
         SELECT row_number() OVER (ORDER BY username) AS n, id FROM users WHERE type = 'featured';
       CREATE UNIQUE INDEX ON bench_creators (n);
       CREATE TABLE bench_fans AS
         SELECT row_number() OVER (ORDER BY username) AS n, id FROM users WHERE type = 'user';
       CREATE UNIQUE INDEX ON bench_fans (n);`,
    );
    await c.query('ALTER TABLE follows DISABLE TRIGGER follows_count_trg');
    await step(
      'follows',
      `INSERT INTO follows (follower_id, followee_id, created_at)
       SELECT f.id, c.id, now() - k * interval '1 day'
       FROM bench_fans f
       CROSS JOIN generate_series(0, ${FOLLOWS_PER_FAN - 1}) k
       JOIN bench_creators c ON c.n = 1 + ((f.n * 7919 + k * 104729) % ${CREATORS})
       ON CONFLICT DO NOTHING`,
    );
    await c.query('ALTER TABLE follows ENABLE TRIGGER follows_count_trg');
    await step(
      'followers',
      `UPDATE users u SET followers = x.n
       FROM (SELECT followee_id, count(*) AS n FROM follows GROUP BY followee_id) x WHERE u.id = x.followee_id`,
    );
    await step(
      'media',
      `INSERT INTO media (public_id, owner_id, md5, kind, mime, size_bytes, width, height, variants, created_at)
       SELECT md5('p' || c.id), c.id, md5('m' || c.id), 'image', 'image/jpeg', 200000, 1080, 1350,
              ARRAY['blur', 'th', 'st', 'sr', 'rt'], now() - interval '1 year'
       FROM bench_creators c`,
    );
    await step(
      'posts',
      `INSERT INTO feed_posts (owner_id, type, text, media_id, private_feed, price, created_at, appears_at)
       SELECT c.id,
              CASE WHEN k % 10 = 0 THEN 'image' ELSE 'featured' END,
              'Post ' || k || ' of ' || c.n,
              CASE WHEN k % 10 = 0 THEN m.id END,
              k % 3 = 0,
              CASE WHEN k % 10 = 0 THEN 25 ELSE 0 END,
              t.at, t.at
       FROM bench_creators c
       JOIN media m ON m.owner_id = c.id
       CROSS JOIN generate_series(1, ${POSTS_PER_CREATOR}) k
       CROSS JOIN LATERAL (
         SELECT now() - ((k * ${CREATORS} + c.n) % (365 * 24 * 60)) * interval '1 minute' AS at
       ) t`,
    );
    await step(
      'tokens',
      `INSERT INTO access_tokens (user_id, token_hash, user_agent)
       SELECT id, encode(sha256(convert_to('${secret}-' || n, 'UTF8')), 'hex'), 'parlor-bench'
       FROM bench_fans WHERE n <= ${ACTORS}`,
    );
    await step('rank', 'SELECT refresh_creator_rank(now())');
    await step('analyze', 'VACUUM ANALYZE');
    const { rows } = await c.query<{ id: string }>(
      'SELECT id::text AS id FROM bench_creators WHERE n <= 100 ORDER BY n',
    );
    const { rows: counts } = await c.query<{ posts: string; follows: string }>(
      'SELECT (SELECT count(*) FROM feed_posts) AS posts, (SELECT count(*) FROM follows) AS follows',
    );
    return {
      tokens: Array.from({ length: ACTORS }, (_, i) => `${secret}-${i + 1}`),
      creatorIds: rows.map((r) => r.id),
      posts: Number(counts[0]?.posts),
      follows: Number(counts[0]?.follows),
    };
  } finally {
    await c.end();
  }
}

async function main() {
  const secret = crypto.randomBytes(12).toString('hex');
  await admin(`CREATE DATABASE ${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-discover-'));
  const url = urlFor(dbName);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`seeding ${CREATORS} creators, ${FANS} fans, ${CREATORS * POSTS_PER_CREATOR} posts`);
    const seeded = await seed(url, secret);
    server = await startServer({
      dataDir,
      databaseUrl: url,
      redisUrl: undefined,
      redisPrefix: `parlor-discover-${stamp}:`,
      backend: 'postgres',
      manifestPath: '',
      resultsPath: undefined,
    });
    const client = httpClient(server.url, 8);
    const creator = (i: number) => seeded.creatorIds[i % seeded.creatorIds.length];
    const cases: { name: string; path: (i: number) => string }[] = [
      { name: 'discover page 1', path: () => '/v1/users/discover?limit=20&offset=0' },
      { name: 'discover offset 1000', path: () => '/v1/users/discover?limit=20&offset=1000' },
      { name: 'discover gender=female', path: () => '/v1/users/discover?limit=20&gender=female' },
      { name: 'discover gender=male,trans', path: () => '/v1/users/discover?limit=20&gender=male,trans' },
      { name: 'discover q=cooking', path: () => '/v1/users/discover?limit=20&q=cooking' },
      { name: 'discover q=creator4242', path: () => '/v1/users/discover?limit=20&q=creator4242' },
      { name: 'discover type=near', path: () => '/v1/users/discover?limit=20&type=near' },
      { name: 'home feed page 1', path: () => '/v1/feed?limit=20&offset=0' },
      { name: 'home feed offset 200', path: () => '/v1/feed?limit=20&offset=200' },
      { name: 'creator feed page 1', path: (i) => `/v1/feed?limit=20&offset=0&model_id=${creator(i)}` },
      { name: 'creator feed offset 80', path: (i) => `/v1/feed?limit=20&offset=80&model_id=${creator(i)}` },
      { name: 'users/me (unread_feeds)', path: () => '/v1/users/me' },
    ];
    const results = [];
    let actor = 0;
    const nextToken = () => seeded.tokens[actor++ % seeded.tokens.length]!;
    for (const c of cases) {
      for (let i = 0; i < WARMUP; i++) await client.get(c.path(i), nextToken());
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const res = await client.get(c.path(i), nextToken());
        samples.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${c.path(i)}: ${res.status} ${res.body}`);
        if (i === 0) rows = (JSON.parse(res.body) as { data?: unknown[] }).data?.length ?? 1;
      }
      const s = summarize(samples);
      results.push({ name: c.name, rows, ...s });
      console.log(
        `  ${c.name.padEnd(28)} p50 ${fmt(s.p50).padStart(9)}  p99 ${fmt(s.p99).padStart(9)}  (${s.n} requests, ${rows} rows)`,
      );
    }
    client.close();
    const out = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      creators: CREATORS,
      fans: FANS,
      posts: seeded.posts,
      follows: seeded.follows,
      cases: results,
    };
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(import.meta.dirname, 'results', 'discover-feed.json'),
      `${JSON.stringify(out, null, 2)}\n`,
    );
  } finally {
    await server?.stop();
    // BENCH_KEEP_DB=1 leaves the database for a closer look (EXPLAIN); its name is printed.
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
