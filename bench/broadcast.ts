/**
 * A broadcast to every chat of a creator with 100,000 chats (seed-inbox.ts), SOCKETS of those fans
 * online (default 5,000), measured while the creator keeps using the inbox and fans keep writing to
 * them (docs/broadcasts.md; the figures it is held to are in bench/README.md):
 *
 *   - until every copy is committed: POST /v1/broadcast/send answered (202). A copy is committed
 *     with its recipient row (docs/broadcasts.md "When a copy is committed"): from the answer until
 *     the fan-out ends, fans who are not online open their inbox (READ_RATE a second, default 50,
 *     each fan once), and how many see the broadcast there, and how long their page takes, is
 *     printed;
 *   - until every message row is written: POST to `broadcast_done` on the creator's socket (the job
 *     publishes it after its last batch committed);
 *   - until every online fan has it: POST to each fan socket's `new_message` (p50/p99 per fan, max);
 *   - the creator's inbox page (GET /v1/chats, one request after another) p50/p99, before and during;
 *   - a fan's message to the creator (FAN_RATE/s, default 20), POST to delivery on the creator's
 *     socket, p50/p99, before and during.
 *
 *   DATA_DIR=/tmp/b DATABASE_URL=postgres://... FANS=100000 MESSAGES=100000 TOKENS=5600 tsx seed-inbox.ts
 *   DATA_DIR=/tmp/b DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 tsx broadcast.ts
 */
import { benchEnv, intEnv, isMain, readManifest, sleep, writeResults } from './lib/env';
import { httpClient } from './lib/http';
import { machineInfo } from './lib/machine';
import { serviceCpuMeter, startServer } from './lib/server';
import { type BenchSocket, closeSockets, openSockets } from './lib/sockets';
import { fmt, summarize } from './lib/stats';

const BASELINE_MS = 5_000;

export async function broadcastBench() {
  const e = benchEnv();
  const manifest = readManifest(e);
  const nSockets = Math.min(intEnv('SOCKETS', 5000), manifest.fanTokens.length);
  const fanRate = intEnv('FAN_RATE', 20);
  const readRate = intEnv('READ_RATE', 50);
  const online = manifest.fanTokens.slice(0, nSockets);
  const creator = manifest.creator;
  const tag = Date.now().toString(36);
  const text = `bench broadcast ${tag}`;
  const databaseName = e.databaseUrl ? new URL(e.databaseUrl).pathname.slice(1) : undefined;

  const server = await startServer(e);
  const client = httpClient(server.url, 128);
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/v1/ws`;

  let t0 = 0;
  const reached: number[] = [];
  let doneAt = 0;
  let doneFrame = '';
  /** Fan message text -> when its POST started. */
  const pending = new Map<string, number>();
  let fanDelivery: number[] = [];
  const onFrame = (s: BenchSocket, raw: string) => {
    if (raw.startsWith('{"event":"new_message"')) {
      const frame = JSON.parse(raw) as { data: { recipient_id: string; text: string | null } };
      if (frame.data.recipient_id !== s.userId) return;
      if (frame.data.text === text) reached.push(performance.now() - t0);
      else if (frame.data.text && pending.has(frame.data.text)) {
        fanDelivery.push(performance.now() - (pending.get(frame.data.text) as number));
        pending.delete(frame.data.text);
      }
    } else if (raw.startsWith('{"event":"broadcast_done"')) {
      doneAt = performance.now();
      doneFrame = raw;
    }
  };

  try {
    console.log(`broadcast: opening ${nSockets} fan sockets and the creator's`);
    const fans = await openSockets(wsUrl, online, { onFrame });
    const creatorSocket = await openSockets(wsUrl, [creator], { onFrame });
    console.log(`  ${fans.sockets.length} open (${fans.failed} failed) in ${fans.seconds.toFixed(1)} s`);

    // Background load: the creator paging the inbox, fans (those not online) writing to the creator.
    let inbox: number[] = [];
    let running = true;
    let errors = 0;
    const inboxLoop = async () => {
      while (running) {
        const t = performance.now();
        const res = await client.get('/v1/chats?v=2&limit=20&offset=0', creator.token);
        if (res.status === 200) inbox.push(performance.now() - t);
        else errors++;
      }
    };
    let n = 0;
    const writers = manifest.fanTokens.slice(nSockets, nSockets + 200);
    const fanLoop = async () => {
      while (running) {
        const fan = writers[n % writers.length] ?? online[n % online.length]!;
        const key = `bench fan ${tag} ${n++}`;
        pending.set(key, performance.now());
        void client
          .post('/v1/messages', fan.token, {
            type: 'text',
            recipient_id: creator.id,
            text: key,
            clientSideReceiveId: key,
          })
          .then((r) => {
            if (r.status !== 200) {
              errors++;
              pending.delete(key);
            }
          });
        await sleep(1000 / fanRate);
      }
    };
    const loops = [inboxLoop(), fanLoop()];
    await sleep(BASELINE_MS);
    const before = { inbox: summarize(inbox), fan: summarize(fanDelivery) };
    inbox = [];
    fanDelivery = [];

    const cpuServer0 = server.cpuSeconds();
    const databaseCpu = serviceCpuMeter('postgres', databaseName);
    t0 = performance.now();
    const sent = await client.post('/v1/broadcast/send', creator.token, {
      category: 'all',
      type: 'text',
      text,
    });
    const answerMs = performance.now() - t0;
    if (sent.status !== 202) throw new Error(`broadcast refused: ${sent.status} ${sent.body}`);
    const { total } = JSON.parse(sent.body) as { total: number };
    // Fans who are not online open their inbox while the fan-out runs: their copy is there whether
    // or not the fan-out has written it yet.
    const offline = manifest.fanTokens.slice(nSockets + writers.length);
    const reads: number[] = [];
    let firstSeenMs = 0;
    let saw = 0;
    const readLoop = async () => {
      const inFlight: Promise<void>[] = [];
      for (const fan of offline) {
        if (doneAt) break;
        inFlight.push(
          (async () => {
            const t = performance.now();
            const res = await client.get('/v1/chats?v=2&limit=20&offset=0', fan.token);
            if (res.status !== 200) {
              errors++;
              return;
            }
            reads.push(performance.now() - t);
            const page = JSON.parse(res.body) as { data: { last_message: { text: string | null } | null }[] };
            if (page.data.some((c) => c.last_message?.text === text)) {
              saw++;
              firstSeenMs ||= performance.now() - t0;
            }
          })(),
        );
        await sleep(1000 / readRate);
      }
      await Promise.all(inFlight);
    };
    const reading = readLoop();
    while (!doneAt && performance.now() - t0 < 300_000) await sleep(10);
    // Frames already on their way: give the last fans a moment.
    const reachEnd = performance.now() + 10_000;
    while (reached.length < fans.sockets.length && performance.now() < reachEnd) await sleep(10);
    await reading;
    const elapsed = (performance.now() - t0) / 1000;
    const during = { inbox: summarize(inbox), fan: summarize(fanDelivery) };
    running = false;
    await Promise.all(loops);

    const r = {
      machine: machineInfo(),
      backend: e.backend,
      chats: total,
      online: fans.sockets.length,
      answerMs: Math.round(answerMs),
      readers: { saw, firstSeenMs: Math.round(firstSeenMs), ...summarize(reads) },
      writtenMs: Math.round(doneAt - t0),
      done: JSON.parse(doneFrame || '{}'),
      reach: summarize(reached),
      reachedFans: reached.length,
      inboxBefore: before.inbox,
      inboxDuring: during.inbox,
      fanToCreatorBefore: before.fan,
      fanToCreatorDuring: during.fan,
      errors,
      serverCpuPercent: Math.round(((server.cpuSeconds() - cpuServer0) / elapsed) * 100),
      databaseCpuPercent: Math.round((databaseCpu() / elapsed) * 100),
    };
    console.log(`\nbroadcast to ${total} chats, ${r.online} fans online (${e.backend})`);
    console.log(`  every copy committed (202)          ${fmt(answerMs)}`);
    console.log(
      `  fans opening the inbox meanwhile    ${saw}/${reads.length} saw it, the first at ${fmt(firstSeenMs)}; page p50 ${fmt(r.readers.p50)}  p99 ${fmt(r.readers.p99)}`,
    );
    console.log(`  every message row written           ${fmt(r.writtenMs)}  ${doneFrame}`);
    console.log(
      `  every online fan reached            p50 ${fmt(r.reach.p50)}  p99 ${fmt(r.reach.p99)}  max ${fmt(r.reach.max)}  (${reached.length}/${r.online})`,
    );
    console.log(
      `  creator inbox page   before         p50 ${fmt(before.inbox.p50)}  p99 ${fmt(before.inbox.p99)}  (${before.inbox.n})`,
    );
    console.log(
      `                       during         p50 ${fmt(during.inbox.p50)}  p99 ${fmt(during.inbox.p99)}  (${during.inbox.n})`,
    );
    console.log(
      `  fan -> creator       before         p50 ${fmt(before.fan.p50)}  p99 ${fmt(before.fan.p99)}  (${before.fan.n})`,
    );
    console.log(
      `                       during         p50 ${fmt(during.fan.p50)}  p99 ${fmt(during.fan.p99)}  (${during.fan.n})`,
    );
    console.log(
      `  errors ${errors}; server CPU ${r.serverCpuPercent} %, PostgreSQL CPU ${r.databaseCpuPercent} % of one core`,
    );
    writeResults(e, 'broadcast', r);
    await closeSockets([...fans.sockets, ...creatorSocket.sockets]);
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  broadcastBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
