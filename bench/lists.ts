/**
 * Fan lists on the seeded creator of 100,000 chats: smart lists up to the whole inbox and a custom
 * list of 10,000 fans (the fans with a token), each counted (GET /v1/lists, every list at once) and opened as an inbox tab
 * (GET /v1/chats?list=, the first page and the next one by its `after` link), and a list's
 * broadcast audience counted (POST /v1/broadcast/audience). REQUESTS sequential requests per case
 * (one at a time: service time) after WARMUP unmeasured ones; a case stops after 30 s.
 *
 *   DATA_DIR=... [DATABASE_URL=...] [REQUESTS=200] tsx lists.ts   (after seed-inbox.ts)
 */
import { openDatabase } from '../apps/server/src/db/connection';
import { benchEnv, intEnv, isMain, readManifest, writeResults } from './lib/env';
import { httpClient } from './lib/http';
import { startServer } from './lib/server';
import { fmt, type Summary, summarize } from './lib/stats';

const CASE_BUDGET_MS = 30_000;
const CUSTOM_MEMBERS = 10_000;
const MEMBERS_PER_CALL = 1000;

/** The smart lists measured: from a few thousand fans to nearly all of them. */
const SMART: { name: string; rule: Record<string, unknown> }[] = [
  { name: 'Spent 50+ this month', rule: { spent_min: 50, spent_days: 30 } },
  { name: 'Spent 500+ ever', rule: { spent_min: 500 } },
  { name: 'Quiet for a month', rule: { no_message_for_days: 30 } },
  { name: 'Not subscribed', rule: { subscribed: false } },
  { name: 'Followers who never bought', rule: { follower: true, never_bought: true } },
];

interface ListCase extends Summary {
  name: string;
  path: string;
  rows: number;
}

type Client = ReturnType<typeof httpClient>;

async function must(res: Promise<{ status: number; body: string }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.body}`);
  return r.body === '' ? undefined : (JSON.parse(r.body) as Record<string, unknown>);
}

/** Deletes the lists an earlier run left, then makes this run's lists; answers them by name. */
async function makeLists(client: Client, token: string, fanIds: string[]) {
  const old = (await must(client.get('/v1/lists', token), 'lists'))?.data as { _id: string }[];
  for (const l of old) await must(client.delete(`/v1/lists/${l._id}`, token), 'delete list');
  const made: { id: string; name: string }[] = [];
  for (const s of SMART) {
    const list = await must(
      client.post('/v1/lists', token, { name: s.name, kind: 'smart', rule: s.rule }),
      s.name,
    );
    made.push({ id: String(list?._id), name: s.name });
  }
  const custom = await must(
    client.post('/v1/lists', token, { name: 'Picked by hand', kind: 'custom' }),
    'custom',
  );
  const customId = String(custom?._id);
  for (let i = 0; i < Math.min(CUSTOM_MEMBERS, fanIds.length); i += MEMBERS_PER_CALL)
    await must(
      client.post(`/v1/lists/${customId}/members`, token, { ids: fanIds.slice(i, i + MEMBERS_PER_CALL) }),
      'members',
    );
  made.push({ id: customId, name: `Picked by hand (${CUSTOM_MEMBERS})` });
  return made;
}

async function measure(
  name: string,
  path: string,
  run: () => Promise<{ status: number; body: string }>,
  requests: number,
  warmup: number,
): Promise<ListCase> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  let rows = 0;
  const deadline = performance.now() + CASE_BUDGET_MS;
  for (let i = 0; i < requests && performance.now() < deadline; i++) {
    const t = performance.now();
    const res = await run();
    samples.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    if (i === 0) {
      const body = JSON.parse(res.body) as { data?: unknown[]; total?: number };
      rows = body.data ? body.data.length : (body.total ?? 0);
    }
  }
  const s = summarize(samples);
  console.log(
    `  ${name.padEnd(44)} p50 ${fmt(s.p50).padStart(9)}  p99 ${fmt(s.p99).padStart(9)}  (${s.n} requests, ${rows} rows)`,
  );
  return { name, path, rows, ...s };
}

export async function listsBench() {
  const e = benchEnv();
  const manifest = readManifest(e);
  const requests = intEnv('REQUESTS', 200);
  const warmup = intEnv('WARMUP', 10);
  const server = await startServer(e);
  const client = httpClient(server.url, 4);
  const token = manifest.creator.token;
  try {
    // The custom list's fans: those with a token (the seed's first fans).
    const fanIds = manifest.fanTokens.map((f) => f.id);
    const lists = await makeLists(client, token, fanIds);
    // The new rows' statistics, as autovacuum gathers them soon after a load (this machine's
    // PostgreSQL runs without it). PGlite belongs to the running server: it is left as it is.
    if (e.databaseUrl) {
      const database = await openDatabase({ databaseUrl: e.databaseUrl, dataDir: e.dataDir });
      try {
        await database.session((s) => s.exec('ANALYZE fan_lists; ANALYZE fan_list_members;'));
      } finally {
        await database.close();
      }
    }
    const counted = (await must(client.get('/v1/lists', token), 'lists'))?.data as {
      _id: string;
      count: number;
    }[];
    const counts = new Map(counted.map((l) => [l._id, l.count]));
    for (const l of lists) console.log(`  list "${l.name}": ${counts.get(l.id)} chats`);

    const cases: ListCase[] = [];
    cases.push(
      await measure(
        `GET /v1/lists (${lists.length} lists counted)`,
        '/v1/lists',
        () => client.get('/v1/lists', token),
        requests,
        warmup,
      ),
    );
    // The inbox's own first page, for comparison.
    const inbox = '/v1/chats?v=2&limit=20&type=all';
    cases.push(await measure('All tab: first page', inbox, () => client.get(inbox, token), requests, warmup));
    for (const l of lists) {
      const first = `/v1/chats?v=2&limit=20&list=${l.id}`;
      cases.push(
        await measure(`${l.name}: first page`, first, () => client.get(first, token), requests, warmup),
      );
      const next = (await must(client.get(first, token), 'page'))?.next as string | null;
      if (next)
        cases.push(
          await measure(`${l.name}: next page`, next, () => client.get(next, token), requests, warmup),
        );
    }
    const biggest = lists.find((l) => l.name === 'Not subscribed');
    if (biggest)
      cases.push(
        await measure(
          `${biggest.name}: broadcast audience`,
          '/v1/broadcast/audience',
          () => client.post('/v1/broadcast/audience', token, { list_id: biggest.id }),
          requests,
          warmup,
        ),
      );
    // The same count for the whole inbox, as a broadcast to the All tab asks it.
    cases.push(
      await measure(
        'All tab: broadcast audience',
        '/v1/broadcast/audience',
        () => client.post('/v1/broadcast/audience', token, { category: 'all' }),
        requests,
        warmup,
      ),
    );
    const out = { requests, warmup, lists: lists.map((l) => ({ ...l, count: counts.get(l.id) })), cases };
    writeResults(e, 'lists', out);
    return out;
  } finally {
    client.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  console.log(`fan lists on ${benchEnv().backend}`);
  listsBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
