/**
 * Inbox page latency for the seeded creator: GET /v1/chats?v=2&limit=20&type=X for each of the nine
 * tabs, GET /v1/chats/total, deep offsets and a username search, REQUESTS sequential requests each
 * (one at a time: service time, not throughput) after WARMUP unmeasured ones; each case stops after
 * 30 s of measuring (10 s of warm-up) whatever REQUESTS says.
 *
 * Before measuring, ONLINE fans connect a socket (so the online tab has rows) and RECENT_SENDS fans send
 * the creator a message (so the recent and unreplied tabs have fresh rows).
 *
 *   DATA_DIR=... [DATABASE_URL=...] [REQUESTS=300] tsx inbox-latency.ts   (after seed-inbox.ts)
 */
import { type BenchEnv, benchEnv, intEnv, isMain, readManifest, writeResults } from './lib/env';
import { httpClient } from './lib/http';
import { startServer } from './lib/server';
import { closeSockets, openSockets } from './lib/sockets';
import { fmt, type Summary, summarize } from './lib/stats';

const TYPES = ['all', 'online', 'favorites', 'fans2', 'subscribers', 'unreplied', 'vip', 'sent', 'recent'];
/** No case may run longer than this, whatever REQUESTS says. */
const CASE_BUDGET_MS = 30_000;
const WARMUP_BUDGET_MS = 10_000;

export interface InboxCase extends Summary {
  name: string;
  path: string;
  rows: number;
}

export async function inboxLatency(e: BenchEnv) {
  const manifest = readManifest(e);
  const requests = intEnv('REQUESTS', 300);
  const warmup = intEnv('WARMUP', 30);
  const onlineFans = Math.min(intEnv('ONLINE', 1000), manifest.fanTokens.length);
  const recentSends = Math.min(intEnv('RECENT_SENDS', 200), manifest.fanTokens.length);
  const server = await startServer(e);
  const client = httpClient(server.url, 8);
  const creator = manifest.creator.token;
  try {
    const online = await openSockets(server.wsUrl, manifest.fanTokens.slice(0, onlineFans), {
      concurrency: 50,
    });
    console.log(
      `  ${online.sockets.length} fan sockets online (${online.failed} failed) in ${online.seconds.toFixed(1)} s`,
    );
    for (const fan of manifest.fanTokens.slice(onlineFans, onlineFans + recentSends)) {
      const res = await client.post('/v1/messages', fan.token, {
        type: 'text',
        recipient_id: manifest.creator.id,
        text: 'Hi! Are you online?',
      });
      if (res.status !== 200) throw new Error(`send failed: ${res.status} ${res.body}`);
    }

    const cases: { name: string; path: string }[] = [
      ...TYPES.map((t) => ({ name: `type=${t}`, path: `/v1/chats?v=2&limit=20&type=${t}` })),
      { name: 'total', path: '/v1/chats/total' },
      { name: 'type=all offset=1000', path: '/v1/chats?v=2&limit=20&type=all&offset=1000' },
      { name: 'type=all offset=10000', path: '/v1/chats?v=2&limit=20&type=all&offset=10000' },
      { name: 'search=benchfan0420', path: '/v1/chats?v=2&limit=20&type=all&search=benchfan0420' },
    ];
    const results: InboxCase[] = [];
    for (const c of cases) {
      let rows = 0;
      const warmupEnd = performance.now() + WARMUP_BUDGET_MS;
      for (let i = 0; i < warmup && performance.now() < warmupEnd; i++) await client.get(c.path, creator);
      const samples: number[] = [];
      const deadline = performance.now() + CASE_BUDGET_MS;
      for (let i = 0; i < requests && performance.now() < deadline; i++) {
        const t = performance.now();
        const res = await client.get(c.path, creator);
        samples.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${res.body}`);
        if (i === 0) {
          const body = JSON.parse(res.body) as { data?: unknown[]; all?: number };
          rows = body.data ? body.data.length : (body.all ?? 0);
        }
      }
      const s = summarize(samples);
      results.push({ name: c.name, path: c.path, rows, ...s });
      console.log(
        `  ${c.name.padEnd(24)} p50 ${fmt(s.p50).padStart(9)}  p99 ${fmt(s.p99).padStart(9)}  max ${fmt(s.max).padStart(9)}  (${s.n} requests, ${rows} ${c.name === 'total' ? 'in all' : 'rows'})`,
      );
    }
    await closeSockets(online.sockets);
    const out = { requests, warmup, onlineSockets: online.sockets.length, recentSends, cases: results };
    writeResults(e, 'inbox', out);
    return out;
  } finally {
    client.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const e = benchEnv();
  console.log(`inbox latency on ${e.backend}`);
  inboxLatency(e).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
