/**
 * Capacity: how many active people one machine holds, measured the way chat servers publish it
 * (Mattermost's ceiling tests: users each posting every ~5 s, ramped until the health limits break).
 *
 * Simulated people behave as the web client does, over real WebSockets and HTTP: a share sign in with
 * their password (the rest come back with a stored token), open the socket, load the inbox, open a
 * conversation, then every ~5 s (jittered 2.5-7.5 s) send a message. Creators (CREATOR_SHARE) answer
 * the fans who wrote to them and now and then send a paid photo; fans buy some of those and tip now
 * and then; some sockets go hidden for a while and come back, some reconnect (and reload the inbox).
 *
 * The number of people steps up (STEPS); each step adds the new people, lets them settle, then
 * measures STEP_SECONDS (a step that breaks is measured once more). A step is held when, over its
 * window: the p99 of all requests, of every request kind with 100 samples or more, and of
 * send -> delivery is under 100 ms, nothing answered an error, every message reached its recipient's
 * open socket, and each server process used under 85 % of a core. The figure is the most people held.
 *
 *   npx tsx bench/capacity.ts                                   PostgreSQL (BENCH_PG), one process
 *   BENCH_REDIS=redis://127.0.0.1:6379 SERVERS=2 npx tsx bench/capacity.ts     two processes + Redis
 *   BENCH_BACKEND=pglite npx tsx bench/capacity.ts              the embedded default
 *
 * Environment: BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS, SERVERS (1),
 * STEPS (250,500,1000,1500,2000,3000,4000,5000,6000,7500,10000), STEP_SECONDS (30), SETTLE_SECONDS (5), P99_LIMIT_MS (100),
 * CREATOR_SHARE (0.1), SIGN_IN_SHARE (0.05), BIG_INBOX (101500: the chats of the creator whose deep
 * inbox page is measured; about 1 % of them are hidden, so page 5,000 still has 20 visible chats),
 * BENCH_KEEP_DB=1 keeps the database.
 *
 * Two smaller figures come from the same run, measured before the ramp on the quiet system: the
 * inbox page at offset 100,000 against page 1 (a creator with BIG_INBOX chats), and a 12-megapixel
 * photo's ingest (POST /v1/media).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/connection';
import { type BenchEnv, intEnv, sleep } from './lib/env';
import { httpClient } from './lib/http';
import { machineInfo } from './lib/machine';
import { pgAdmin } from './lib/pg-admin';
import { twelveMegapixelPhoto, upload, variantOf } from './lib/photo';
import { type ServerProcess, serviceCpuMeter, startServer } from './lib/server';
import { fmt, type Summary, summarize } from './lib/stats';
import { seedInbox } from './seed-inbox';

const backend = process.env.BENCH_BACKEND === 'pglite' ? 'pglite' : 'postgres';
const adminUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS || undefined;
const SERVERS = backend === 'pglite' ? 1 : intEnv('SERVERS', 1);
const STEPS = (process.env.STEPS ?? '250,500,1000,1500,2000,3000,4000,5000,6000,7500,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const STEP_SECONDS = intEnv('STEP_SECONDS', 30);
const SETTLE_SECONDS = intEnv('SETTLE_SECONDS', 5);
const CREATOR_SHARE = Number(process.env.CREATOR_SHARE ?? 0.1);
const SIGN_IN_SHARE = Number(process.env.SIGN_IN_SHARE ?? 0.05);
const BIG_INBOX = intEnv('BIG_INBOX', 101_500);
const CHATS_PER_FAN = 3;
const SEND_EVERY_MS = 5_000;
// 100 ms is Parlor's limit; P99_LIMIT_MS=240 judges by the limit Mattermost's published ceiling used.
const P99_LIMIT_MS = intEnv('P99_LIMIT_MS', 100);
const MIN_P99_SAMPLES = 100;
const CPU_LIMIT_PERCENT = 85;
const PASSWORD = 'capacity-password';
/** A message still missing this long after the window closed is lost. */
const DELIVERY_GRACE_MS = 5_000;

if (SERVERS > 1 && !redisUrl) throw new Error('SERVERS > 1 needs BENCH_REDIS (the processes share events)');

type Kind =
  | 'sign-in'
  | 'socket'
  | 'inbox'
  | 'conversation'
  | 'send'
  | 'paid photo'
  | 'buy'
  | 'tip'
  | 'upload';

interface Person {
  i: number;
  id: string;
  token: string;
  username: string;
  creator: boolean;
  /** chat partners: other person's id and the chat's id */
  chats: { chatId: string; otherId: string }[];
  server: number;
  ws?: WebSocket | undefined;
  open: boolean;
  visible: boolean;
  /** Fans who wrote to this creator and wait for an answer. */
  waiting: string[];
  photoMd5?: string;
  stopped: boolean;
}

/** Everything measured in one step's window. */
class Window {
  latency = new Map<Kind, number[]>();
  delivery: number[] = [];
  errors = new Map<string, number>();
  sent = 0;
  active = true;
  record(kind: Kind, ms: number) {
    if (!this.active) return;
    const l = this.latency.get(kind) ?? [];
    l.push(ms);
    this.latency.set(kind, l);
  }
  error(kind: Kind, what: string) {
    if (!this.active) return;
    const key = `${kind}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }
}

const stamp = `${Date.now()}_${process.pid}`;
const dbName = `parlor_capacity_${stamp}`;
const pgAdminClient = pgAdmin(adminUrl);

/**
 * The population: the big inbox (seed-inbox.ts: one creator with BIG_INBOX chats) plus `people`
 * simulated people, a CREATOR_SHARE of them creators, each fan in chats with CHATS_PER_FAN creators,
 * fans holding credits their ledger accounts for, a token per person and one password for all.
 */
async function seedPopulation(e: BenchEnv, people: number) {
  const manifest = await seedInbox(e, { fans: BIG_INBOX, messages: Math.round(BIG_INBOX * 1.5), tokens: 1 });
  const creators = Math.max(CHATS_PER_FAN, Math.round(people * CREATOR_SHARE));
  const secret = randomBytes(12).toString('hex');
  const passwordHash = await hash(PASSWORD);
  const database = await openDatabase({ databaseUrl: e.databaseUrl, dataDir: e.dataDir });
  try {
    return await database.session(async (s) => {
      const t = performance.now();
      await s.exec(`
        CREATE TEMP TABLE cap_people AS
          SELECT i, gen_random_uuid() AS id, i <= ${creators} AS creator FROM generate_series(1, ${people}) i;
        INSERT INTO users (id, username, email, password_hash, type, referral_code, email_verified,
                           id_verified, id_verification_status, discover_status)
          SELECT id, 'capc' || i, 'capc' || i || '@bench.invalid', '${passwordHash}', 'featured', 'CAPC' || i,
                 true, true, 'verified', 'featured'
          FROM cap_people WHERE creator;
        INSERT INTO users (id, username, email, password_hash, type, referral_code, email_verified, credits)
          SELECT id, 'capf' || i, 'capf' || i || '@bench.invalid', '${passwordHash}', 'user', 'CAPF' || i, true,
                 1000000
          FROM cap_people WHERE NOT creator;
        INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, idempotency_key)
          SELECT id, 'credits', 1000000, 1000000, 'admin_adjustment', 'bench-seed' FROM cap_people WHERE NOT creator;
        CREATE TEMP TABLE cap_pairs AS
          SELECT f.id AS fan, c.id AS creator
          FROM cap_people f
          CROSS JOIN generate_series(0, ${CHATS_PER_FAN - 1}) k
          JOIN cap_people c ON c.creator AND c.i = 1 + ((f.i + k * (${creators} / ${CHATS_PER_FAN})) % ${creators})
          WHERE NOT f.creator;
        INSERT INTO chats (user_low, user_high)
          SELECT DISTINCT least(fan, creator), greatest(fan, creator) FROM cap_pairs;
        INSERT INTO chat_members (chat_id, user_id, other_user_id)
          SELECT ch.id, m.user_id, m.other_id
          FROM chats ch
          JOIN cap_people p ON p.id = ch.user_low OR p.id = ch.user_high
          CROSS JOIN LATERAL (VALUES (ch.user_low, ch.user_high), (ch.user_high, ch.user_low)) m(user_id, other_id)
          WHERE p.id = m.user_id AND NOT p.creator;
        INSERT INTO access_tokens (user_id, token_hash, user_agent)
          SELECT id, encode(sha256(convert_to('${secret}-' || i, 'UTF8')), 'hex'), 'parlor-bench' FROM cap_people;
        ANALYZE users; ANALYZE chats; ANALYZE chat_members; ANALYZE access_tokens;`);
      const rows = await s.query<{ i: number; id: string; creator: boolean }>(
        'SELECT i, id::text AS id, creator FROM cap_people ORDER BY i',
      );
      const members = await s.query<{ user_id: string; chat_id: string; other_user_id: string }>(
        `SELECT m.user_id::text, m.chat_id::text, m.other_user_id::text
         FROM chat_members m JOIN cap_people p ON p.id = m.user_id`,
      );
      const chatsOf = new Map<string, { chatId: string; otherId: string }[]>();
      for (const m of members) {
        const list = chatsOf.get(m.user_id) ?? [];
        list.push({ chatId: m.chat_id, otherId: m.other_user_id });
        chatsOf.set(m.user_id, list);
      }
      console.log(
        `  seed: ${people} people (${creators} creators), ${members.length / 2} chats in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
      const population: Person[] = rows.map((r) => ({
        i: r.i,
        id: r.id,
        token: `${secret}-${r.i}`,
        username: `${r.creator ? 'capc' : 'capf'}${r.i}`,
        creator: r.creator,
        chats: chatsOf.get(r.id) ?? [],
        server: 0,
        open: false,
        visible: true,
        waiting: [],
        stopped: false,
      }));
      // Interleave creators among fans, so every step brings both.
      const fans = population.filter((p) => !p.creator);
      const cs = population.filter((p) => p.creator);
      const order: Person[] = [];
      const every = Math.max(1, Math.round(fans.length / Math.max(1, cs.length)));
      for (let f = 0, c = 0; f < fans.length || c < cs.length; ) {
        if (c < cs.length) order.push(cs[c++]!);
        for (let k = 0; k < every && f < fans.length; k++) order.push(fans[f++]!);
      }
      return { order, bigCreator: manifest.creator };
    });
  } finally {
    await database.close();
  }
}

const jitter = (ms: number) => ms / 2 + Math.random() * ms;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

async function main() {
  const machine = machineInfo();
  const maxPeople = Math.max(...STEPS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-capacity-'));
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    await pgAdminClient.run(`CREATE DATABASE ${dbName}`);
    databaseUrl = pgAdminClient.urlFor(dbName);
  }
  const e: BenchEnv = {
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix: `parlor-capacity-${stamp}:`,
    backend,
    manifestPath: path.join(dataDir, 'bench-manifest.json'),
    resultsPath: undefined,
  };
  const servers: ServerProcess[] = [];
  try {
    console.log(`seeding ${backend}: big inbox ${BIG_INBOX} chats, ${maxPeople} people`);
    const { order, bigCreator } = await seedPopulation(e, maxPeople);
    for (let s = 0; s < SERVERS; s++) {
      // Every simulated sign-in comes from 127.0.0.1: the per-address limit would refuse most.
      servers.push(await startServer(e, { AUTH_RATE_LIMIT_PER_MINUTE: '1000000' }));
    }
    const clients = servers.map((s) => httpClient(s.url, 1024));
    order.forEach((p, n) => {
      p.server = n % SERVERS;
    });
    const byId = new Map(order.map((p) => [p.id, p]));

    // --- Two figures on the quiet system, before the ramp.
    const page1: number[] = [];
    const deep: number[] = [];
    const deepByOffset: number[] = [];
    // Page 5,000 as the web client reaches it: by the `next` link of page 4,999, which carries
    // where that page ended; and by the bare offset, which walks every chat before it.
    const before = await clients[0]!.get('/v1/chats?v=2&limit=20&type=all&offset=99980', bigCreator.token);
    const nextLink = (JSON.parse(before.body) as { next: string | null }).next;
    if (!nextLink) throw new Error('page 4,999 gave no next link');
    for (let r = 0; r < 60; r++) {
      for (const [list, url] of [
        [page1, '/v1/chats?v=2&limit=20&type=all&offset=0'],
        [deep, nextLink],
        [deepByOffset, '/v1/chats?v=2&limit=20&type=all&offset=100000'],
      ] as const) {
        const t = performance.now();
        const res = await clients[0]!.get(url, bigCreator.token);
        if (res.status !== 200) throw new Error(`inbox page answered ${res.status}`);
        if (r >= 10) list.push(performance.now() - t);
      }
    }
    const page1S = summarize(page1);
    const deepS = summarize(deep);
    const deepOffsetS = summarize(deepByOffset);
    console.log(
      `inbox page 1: p50 ${fmt(page1S.p50)} p99 ${fmt(page1S.p99)}; page 5,000 by its next link: p50 ${fmt(deepS.p50)} p99 ${fmt(deepS.p99)}, ratio p50 ${(deepS.p50 / page1S.p50).toFixed(2)}x; by offset=100000: p50 ${fmt(deepOffsetS.p50)} p99 ${fmt(deepOffsetS.p99)}, ratio p50 ${(deepOffsetS.p50 / page1S.p50).toFixed(2)}x`,
    );
    const photo = await twelveMegapixelPhoto();
    const ingest: number[] = [];
    for (let k = 0; k < 8; k++)
      ingest.push(
        await upload(servers[0]!.url, bigCreator.token, variantOf(photo, k), 'image/jpeg', 'p.jpg'),
      );
    const ingestS = summarize(ingest.slice(1));
    console.log(`12 MP photo ingest: p50 ${fmt(ingestS.p50)} p90 ${fmt(ingestS.p90)}`);

    // --- The simulated people.
    let win = new Window();
    win.active = false;
    /** send key -> when its POST started and to whom; removed on delivery. */
    const pending = new Map<string, { t0: number; to: string; window: Window }>();
    let sendNo = 0;

    const timed = async <T>(kind: Kind, fn: () => Promise<{ status: number; body: string }>, ok = 200) => {
      const w = win;
      const t = performance.now();
      try {
        const res = await fn();
        if (res.status !== ok) {
          w.error(kind, `${res.status} ${res.body.slice(0, 80)}`);
          return undefined;
        }
        w.record(kind, performance.now() - t);
        return JSON.parse(res.body) as T;
      } catch (err) {
        w.error(kind, String(err).slice(0, 80));
        return undefined;
      }
    };

    const onFrame = (p: Person, raw: string) => {
      if (!raw.startsWith('{"event":"new_message"')) return;
      const frame = JSON.parse(raw) as {
        data: {
          _id: string;
          sender_id: string;
          recipient_id: string;
          text: string | null;
          price: number;
          is_paid: boolean;
        };
      };
      const m = frame.data;
      if (m.recipient_id !== p.id) return;
      if (m.text) {
        const sent = pending.get(m.text);
        if (sent && sent.to === p.id) {
          pending.delete(m.text);
          sent.window.delivery.push(performance.now() - sent.t0);
        }
      }
      if (p.creator && !p.waiting.includes(m.sender_id)) p.waiting.push(m.sender_id);
      // Fans buy about half of the paid photos they get, after a moment's look.
      if (!p.creator && m.price > 0 && !m.is_paid && Math.random() < 0.5) {
        setTimeout(() => {
          if (p.stopped) return;
          void timed('buy', () => clients[p.server]!.patch(`/v1/messages/${m._id}/buy`, p.token));
        }, jitter(2000));
      }
    };

    const connect = (p: Person) =>
      new Promise<void>((resolve) => {
        const t = performance.now();
        const ws = new WebSocket(`${servers[p.server]!.wsUrl}?token=${encodeURIComponent(p.token)}`, {
          perMessageDeflate: false,
        });
        p.ws = ws;
        let settled = false;
        const done = (ok: boolean, why?: string) => {
          if (settled) return;
          settled = true;
          if (ok) win.record('socket', performance.now() - t);
          else win.error('socket', why ?? 'failed');
          resolve();
        };
        ws.on('message', (data) => {
          const raw = data.toString();
          if (raw.startsWith('{"event":"init"')) {
            p.open = true;
            done(true);
          } else onFrame(p, raw);
        });
        ws.on('error', (err) => done(false, String(err).slice(0, 60)));
        ws.on('close', () => {
          p.open = false;
          done(false, 'closed before init');
        });
        setTimeout(() => done(false, 'no init in 30 s'), 30_000);
      });

    const loadInbox = (p: Person) =>
      timed('inbox', () => clients[p.server]!.get('/v1/chats?v=2&limit=20&type=all', p.token));

    const act = async (p: Person) => {
      if (p.stopped) return;
      const client = clients[p.server]!;
      const roll = Math.random();
      if (p.creator) {
        const fanId = p.waiting.shift() ?? pick(p.chats)?.otherId;
        if (!fanId) return;
        if (roll < 0.1 && p.photoMd5) {
          await timed('paid photo', () =>
            client.post('/v1/messages', p.token, {
              type: 'image',
              recipient_id: fanId,
              media_id: p.photoMd5,
              price: 5,
              clientSideReceiveId: `cap-photo-${stamp}-${++sendNo}`,
            }),
          );
          return;
        }
        await sendText(p, fanId);
        return;
      }
      const chat = pick(p.chats);
      if (!chat) return;
      if (roll < 0.03) {
        await timed('tip', () =>
          client.post('/v1/tips', p.token, {
            recipient_id: chat.otherId,
            amount: 5,
            idempotency_key: `cap-tip-${stamp}-${++sendNo}`,
          }),
        );
        return;
      }
      await sendText(p, chat.otherId);
    };

    const sendText = async (p: Person, to: string) => {
      const key = `cap ${stamp} ${++sendNo}`;
      const recipient = byId.get(to);
      const w = win;
      // Only a recipient whose socket is open and visible when it is sent must get it live.
      if (recipient?.open && w.active) pending.set(key, { t0: performance.now(), to, window: w });
      w.sent += w.active ? 1 : 0;
      const answer = await timed('send', () =>
        clients[p.server]!.post('/v1/messages', p.token, {
          type: 'text',
          recipient_id: to,
          text: key,
          clientSideReceiveId: key,
        }),
      );
      if (!answer) pending.delete(key);
    };

    const live = (p: Person) => {
      const loop = () => {
        if (p.stopped) return;
        setTimeout(() => {
          if (p.stopped) return;
          void act(p).finally(loop);
        }, jitter(SEND_EVERY_MS));
      };
      loop();
      // About every two minutes something else happens: the tab is hidden for a while, or the
      // connection drops and comes back (the client then reloads the inbox).
      const aside = () => {
        if (p.stopped) return;
        setTimeout(async () => {
          if (p.stopped || !p.ws) return;
          if (Math.random() < 0.6) {
            p.ws.send('{"event":"visibility","data":{"state":"hidden"}}');
            p.visible = false;
            await sleep(jitter(20_000));
            if (p.stopped) return;
            p.ws?.send('{"event":"visibility","data":{"state":"visible"}}');
            p.visible = true;
          } else {
            const old = p.ws;
            p.open = false;
            // What was on its way to the dropped socket is read by the inbox reload, not delivered live.
            for (const [key, sent] of pending) if (sent.to === p.id) pending.delete(key);
            old.removeAllListeners('close');
            old.close(1000);
            await connect(p);
            await loadInbox(p);
          }
          aside();
        }, jitter(120_000));
      };
      aside();
    };

    const join = async (p: Person) => {
      const client = clients[p.server]!;
      if (Math.random() < SIGN_IN_SHARE) {
        const auth = await timed<{ access_token: string }>('sign-in', () =>
          client.post('/v1/auth', '', { login: p.username, password: PASSWORD }),
        );
        if (auth) p.token = auth.access_token;
      }
      await connect(p);
      await loadInbox(p);
      const chat = p.chats[0];
      if (chat)
        await timed('conversation', () => client.get(`/v1/chats/${chat.chatId}/messages?limit=30`, p.token));
      if (p.creator) {
        // A creator's vault holds a photo to sell (a small one: the ramp measures chat, not ingest).
        const body = await smallPhoto(p.i);
        p.photoMd5 = createHash('md5').update(body).digest('hex');
        const t = performance.now();
        try {
          await upload(servers[p.server]!.url, p.token, body, 'image/jpeg', 'vault.jpg');
          win.record('upload', performance.now() - t);
        } catch (err) {
          win.error('upload', String(err).slice(0, 80));
          p.photoMd5 = undefined;
        }
      }
      live(p);
    };

    interface StepResult {
      people: number;
      held: boolean;
      why: string[];
      perSecond: Record<string, number>;
      latency: Record<string, Summary>;
      delivery: Summary;
      lost: number;
      errors: Record<string, number>;
      serverCpu: number[];
      postgresCpu: number;
      redisCpu: number;
      clientCpu: number;
      serverMemoryMiB: number[];
    }
    const results: StepResult[] = [];
    let joined = 0;
    for (const target of STEPS) {
      // Join the new people, a bounded number at a time, as arrivals spread over a few seconds.
      const newcomers = order.slice(joined, target);
      let next = 0;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next < newcomers.length) await join(newcomers[next++]!);
        }),
      );
      joined = target;
      await sleep(SETTLE_SECONDS * 1000);

      // A step that breaks is measured once more with nobody joining: one stall of a shared
      // machine should not end the ramp (what breaks twice in a row is the limit).
      let r: StepResult | undefined;
      for (let attempt = 0; attempt < 2 && !r?.held; attempt++) {
        win = new Window();
        const serverCpu0 = servers.map((s) => s.cpuSeconds());
        const pgCpu = serviceCpuMeter('postgres', backend === 'postgres' ? dbName : undefined);
        const redisCpu = serviceCpuMeter('redis-server');
        const client0 = process.cpuUsage();
        const t0 = performance.now();
        await sleep(STEP_SECONDS * 1000);
        win.active = false;
        const seconds = (performance.now() - t0) / 1000;
        const measured = win;
        const serverCpu = servers.map((s, k) =>
          Math.round(((s.cpuSeconds() - serverCpu0[k]!) / seconds) * 100),
        );
        const postgresCpu = Math.round((pgCpu() / seconds) * 100);
        const redis = Math.round((redisCpu() / seconds) * 100);
        const c = process.cpuUsage(client0);
        const clientCpu = Math.round(((c.user + c.system) / 1e6 / seconds) * 100);
        await sleep(DELIVERY_GRACE_MS);
        let lost = 0;
        for (const [key, sent] of pending) {
          if (sent.window !== measured) continue;
          pending.delete(key);
          // A recipient that went away meanwhile (reconnecting) is not a loss: it reloads.
          if (byId.get(sent.to)?.open) lost++;
        }

        const latency: Record<string, Summary> = {};
        const perSecond: Record<string, number> = {};
        for (const [kind, samples] of measured.latency) {
          latency[kind] = summarize(samples);
          perSecond[kind] = Math.round((samples.length / seconds) * 10) / 10;
        }
        const delivery = summarize(measured.delivery);
        const errors = Object.fromEntries(measured.errors);
        const why: string[] = [];
        // A p99 needs 100 samples to mean anything: rarer kinds (tips, paid photos at small steps) are
        // judged inside the p99 of all requests, not alone by their slowest sample.
        const all = summarize(
          [...measured.latency].filter(([kind]) => kind !== 'upload').flatMap(([, samples]) => samples),
        );
        if (all.p99 >= P99_LIMIT_MS) why.push(`all requests p99 ${fmt(all.p99)}`);
        for (const [kind, s] of Object.entries(latency))
          if (s.p99 >= P99_LIMIT_MS && kind !== 'upload' && s.n >= MIN_P99_SAMPLES)
            why.push(`${kind} p99 ${fmt(s.p99)}`);
        if (delivery.p99 >= P99_LIMIT_MS) why.push(`delivery p99 ${fmt(delivery.p99)}`);
        if (Object.keys(errors).length > 0)
          why.push(`${Object.values(errors).reduce((a, b) => a + b, 0)} errors`);
        if (lost > 0) why.push(`${lost} lost`);
        serverCpu.forEach((cpu, k) => {
          if (cpu >= CPU_LIMIT_PERCENT) why.push(`server ${k + 1} CPU ${cpu} %`);
        });
        r = {
          people: target,
          held: why.length === 0,
          why,
          perSecond,
          latency,
          delivery,
          lost,
          errors,
          serverCpu,
          postgresCpu,
          redisCpu: redis,
          clientCpu,
          serverMemoryMiB: servers.map((s) => s.memory().rssMiB),
        };
        results.push(r);
        const kinds = Object.entries(latency)
          .map(([k, s]) => `${k} ${perSecond[k]}/s p50 ${fmt(s.p50)} p99 ${fmt(s.p99)}`)
          .join('; ');
        console.log(
          `${target} people${attempt > 0 ? ' (again)' : ''}: ${r.held ? 'held' : `BROKE (${why.join(', ')})`}\n  ${kinds}\n  delivery p50 ${fmt(delivery.p50)} p99 ${fmt(delivery.p99)} (${delivery.n}), lost ${lost}\n  CPU % of a core: server ${serverCpu.join(' + ')}, PostgreSQL ${postgresCpu}, Redis ${redis}, load generator ${clientCpu}; server RSS ${r.serverMemoryMiB.join(' + ')} MiB`,
        );
        if (Object.keys(errors).length > 0) console.log('  errors:', errors);
      }
      if (!r?.held) break;
    }
    for (const p of order) {
      p.stopped = true;
      p.ws?.removeAllListeners('close');
      p.ws?.terminate();
    }
    const best = results.filter((r) => r.held).at(-1);
    console.log(
      `\nmachine: ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}; ${backend}${redisUrl ? ' + Redis' : ''}, ${SERVERS} server process(es)`,
    );
    console.log(`most people held: ${best ? best.people : `fewer than ${STEPS[0]}`}`);
    const out = process.env.BENCH_RESULTS;
    if (out)
      fs.writeFileSync(
        out,
        `${JSON.stringify({ machine, backend, servers: SERVERS, redis: !!redisUrl, page1S, deepS, deepOffsetS, ingestS, results }, null, 2)}\n`,
      );
    for (const c of clients) c.close();
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (backend === 'postgres' && !process.env.BENCH_KEEP_DB)
      await pgAdminClient.run(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  }
}

/** A small distinct JPEG per creator (the md5 names it in the vault). */
async function smallPhoto(i: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: i % 255, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
