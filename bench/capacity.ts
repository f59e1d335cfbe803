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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { judgeWindow, type Kind, quietFigures, type StepResult, Window } from './lib/capacity-measure';
import { type Person, seedPopulation, smallPhoto } from './lib/capacity-population';
import { type BenchEnv, intEnv, sleep } from './lib/env';
import { httpClient } from './lib/http';
import { machineInfo } from './lib/machine';
import { pgAdmin } from './lib/pg-admin';
import { upload } from './lib/photo';
import { type ServerProcess, serviceCpuMeter, startServer } from './lib/server';
import { fmt } from './lib/stats';

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

const stamp = `${Date.now()}_${process.pid}`;
const dbName = `parlor_capacity_${stamp}`;
const pgAdminClient = pgAdmin(adminUrl);

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
    const { order, bigCreator } = await seedPopulation(e, maxPeople, {
      bigInbox: BIG_INBOX,
      creatorShare: CREATOR_SHARE,
      chatsPerFan: CHATS_PER_FAN,
      password: PASSWORD,
    });
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
    const { page1S, deepS, deepOffsetS, ingestS } = await quietFigures(
      clients[0]!,
      servers[0]!.url,
      bigCreator.token,
    );

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

        const { latency, perSecond, delivery, errors, why } = judgeWindow(measured, seconds, {
          lost,
          serverCpu,
          p99LimitMs: P99_LIMIT_MS,
          minP99Samples: MIN_P99_SAMPLES,
          cpuLimitPercent: CPU_LIMIT_PERCENT,
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

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
