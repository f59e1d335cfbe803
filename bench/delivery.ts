/**
 * Send-to-delivery latency over WebSockets. SOCKETS fans (default 5,000) and the creator hold a
 * socket; a sender loop posts messages through POST /v1/messages at a fixed rate (open loop: sends
 * are scheduled by the clock, not by replies) and each message's latency runs from the start of its
 * POST to the `new_message` frame arriving on the recipient's socket.
 *
 *   1. creator -> fans at RATE (default 1,000/s) for SECONDS (default 20 s), round-robin over the fans;
 *   2. fans -> creator at the same rate and length;
 *   3. a ramp per direction (50/s, 100/s, 250/s, 500/s, ... for STEP_SECONDS each) that stops at the first rate
 *      that is not sustained: the last sustained rate is "the most messages/s sustained without loss".
 *
 * A rate is sustained when every POST answered 200, every message reached its recipient's socket
 * (within DRAIN_MS after the last send), the loop sent at 95% of the rate or more, and messages in
 * flight never exceeded one second's worth and the delivery p99 stayed under 1 s (the server kept up
 * instead of queueing).
 *
 * The client (sender loop and all sockets) runs in this one Node process on the same 2 cores as the
 * server and the database: its CPU time is printed next to the figures.
 */
import { type BenchEnv, benchEnv, intEnv, isMain, readManifest, sleep, writeResults } from './lib/env';
import { httpClient } from './lib/http';
import { machineCpuSeconds, serviceCpuMeter, startServer } from './lib/server';
import { type BenchSocket, closeSockets, openSockets } from './lib/sockets';
import { type Summary, summarize } from './lib/stats';

type Direction = 'creator->fans' | 'fans->creator';
/** The ramp's rates; RAMP_STEPS (comma-separated, empty for none) replaces them for a quick look. */
const RAMP =
  process.env.RAMP_STEPS === undefined
    ? [50, 100, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000]
    : process.env.RAMP_STEPS.split(',').filter(Boolean).map(Number);
const DRAIN_MS = 5_000;
/** A rate whose delivery p99 is above this is not "sustained", even with nothing lost. */
const MAX_SUSTAINED_P99_MS = 1_000;
/** No ramp runs longer than this, whatever it still has to try. */
const RAMP_BUDGET_MS = 150_000;

export interface PhaseResult {
  name: string;
  direction: Direction;
  rate: number;
  seconds: number;
  sent: number;
  sentRate: number;
  delivered: number;
  lost: number;
  errors: number;
  maxInFlight: number;
  overloaded: boolean;
  sustained: boolean;
  delivery: Summary;
  post: Summary;
  clientCpuPercent: number;
  serverCpuPercent: number;
  /** PostgreSQL's processes (all of them on this machine), in % of one core. */
  databaseCpuPercent: number;
  redisCpuPercent: number;
  /** How busy the whole machine was (all processes, all cores), in % of its capacity. */
  machineBusyPercent: number;
}

export async function deliveryBench(e: BenchEnv) {
  const manifest = readManifest(e);
  const nSockets = Math.min(intEnv('SOCKETS', 5000), manifest.fanTokens.length);
  const rate = intEnv('RATE', 1000);
  const seconds = intEnv('SECONDS', 20);
  const stepSeconds = intEnv('STEP_SECONDS', 8);
  const fans = manifest.fanTokens.slice(0, nSockets);
  const creator = manifest.creator;
  const runTag = Date.now().toString(36);
  const databaseName = e.databaseUrl ? new URL(e.databaseUrl).pathname.slice(1) : undefined;

  const server = await startServer(e);
  const client = httpClient(server.url, 512);
  /** Message key (its text) -> when its POST started; removed on delivery. */
  const pending = new Map<string, number>();
  let latencies: number[] = [];
  /** BENCH_TIMELINE=1 prints each phase's delivery p99 second by second (where the slow ones bunch). */
  let timeline: [number, number][] | undefined;
  let phases = 0;

  const onFrame = (s: BenchSocket, raw: string) => {
    if (!raw.startsWith('{"event":"new_message"')) return;
    const frame = JSON.parse(raw) as { data: { recipient_id: string; text: string | null } };
    // The sender's own sockets get the message too: only the recipient's socket counts.
    if (frame.data.recipient_id !== s.userId || !frame.data.text) return;
    const t0 = pending.get(frame.data.text);
    if (t0 === undefined) return;
    pending.delete(frame.data.text);
    latencies.push(performance.now() - t0);
    if (timeline) timeline.push([t0, performance.now() - t0]);
  };

  async function phase(name: string, direction: Direction, r: number, secs: number): Promise<PhaseResult> {
    latencies = [];
    timeline = process.env.BENCH_TIMELINE ? [] : undefined;
    pending.clear();
    const phaseNo = ++phases;
    const total = r * secs;
    const postLatencies: number[] = [];
    let issued = 0;
    let completed = 0;
    let errors = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    let overloaded = false;
    let lastError = '';
    const cpu0 = process.cpuUsage();
    const scpu0 = server.cpuSeconds();
    const databaseCpu = serviceCpuMeter('postgres', databaseName);
    const redisCpu = serviceCpuMeter('redis-server');
    const machine0 = machineCpuSeconds();
    const start = performance.now();

    const send = (i: number) => {
      const fan = fans[i % fans.length]!;
      const [from, to] = direction === 'creator->fans' ? [creator, fan] : [fan, creator];
      // Unique per phase: the key is also the client send id, which the server de-duplicates on.
      const key = `bench ${runTag} ${phaseNo} ${i}`;
      const t0 = performance.now();
      pending.set(key, t0);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      client
        .post('/v1/messages', from.token, {
          type: 'text',
          recipient_id: to.id,
          text: key,
          clientSideReceiveId: key,
        })
        .then(
          (res) => {
            if (res.status === 200) postLatencies.push(performance.now() - t0);
            else {
              errors++;
              lastError = `${res.status} ${res.body.slice(0, 200)}`;
              pending.delete(key);
            }
          },
          (err: unknown) => {
            errors++;
            lastError = String(err);
            pending.delete(key);
          },
        )
        .finally(() => {
          inFlight--;
          completed++;
        });
    };

    // Open loop: every millisecond, send what the clock says is due.
    let sendEnd = start;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * r));
        while (issued < due) {
          if (inFlight > r) {
            overloaded = true;
            break;
          }
          send(issued++);
        }
        if (issued >= total || overloaded) {
          sendEnd = performance.now();
          resolve();
        } else setTimeout(tick, 1);
      };
      tick();
    });
    const drainUntil = performance.now() + DRAIN_MS + (overloaded ? 30_000 : 0);
    while ((completed < issued || pending.size > 0) && performance.now() < drainUntil) await sleep(20);
    const elapsed = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const sentSeconds = Math.max(0.001, (sendEnd - start) / 1000);
    const sentRate = Math.round(issued / sentSeconds);
    const unanswered = issued - completed;
    const lost = pending.size;
    const result: PhaseResult = {
      name,
      direction,
      rate: r,
      seconds: secs,
      sent: issued,
      sentRate,
      delivered: latencies.length,
      lost,
      errors: errors + unanswered,
      maxInFlight,
      overloaded,
      sustained:
        !overloaded &&
        errors + unanswered === 0 &&
        lost === 0 &&
        issued >= total * 0.95 &&
        summarize(latencies).p99 <= MAX_SUSTAINED_P99_MS,
      delivery: summarize(latencies),
      post: summarize(postLatencies),
      clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100),
      serverCpuPercent: Math.round(((server.cpuSeconds() - scpu0) / elapsed) * 100),
      databaseCpuPercent: Math.round((databaseCpu() / elapsed) * 100),
      redisCpuPercent: Math.round((redisCpu() / elapsed) * 100),
      machineBusyPercent: (() => {
        const m = machineCpuSeconds();
        return Math.round(((m.busy - machine0.busy) / Math.max(0.01, m.total - machine0.total)) * 100);
      })(),
    };
    const d = result.delivery;
    console.log(
      `  ${name.padEnd(26)} ${String(r).padStart(5)}/s sent ${issued} (${sentRate}/s) delivered ${result.delivered} lost ${lost} errors ${result.errors}` +
        ` | delivery p50 ${d.p50} ms p99 ${d.p99} ms max ${d.max} ms | post p99 ${result.post.p99} ms` +
        ` | in flight max ${maxInFlight} | cpu client ${result.clientCpuPercent}% server ${result.serverCpuPercent}%` +
        ` db ${result.databaseCpuPercent}% redis ${result.redisCpuPercent}% machine busy ${result.machineBusyPercent}%` +
        `${result.sustained ? '' : ' NOT SUSTAINED'}${lastError ? ` (last error: ${lastError})` : ''}`,
    );
    if (timeline) {
      const seconds = new Map<number, number[]>();
      for (const [t0, ms] of timeline) {
        const second = Math.floor((t0 - start) / 1000);
        seconds.set(second, [...(seconds.get(second) ?? []), ms]);
      }
      const line = [...seconds]
        .map(([second, ms]) => `${second}s:${Math.round(summarize(ms).p99)}`)
        .join(' ');
      console.log(`    p99 by second: ${line}`);
    }
    pending.clear();
    return result;
  }

  let all: BenchSocket[] = [];
  try {
    const creatorSocket = await openSockets(server.wsUrl, [creator], { onFrame });
    const opened = await openSockets(server.wsUrl, fans, { concurrency: 100, onFrame });
    all = [...creatorSocket.sockets, ...opened.sockets];
    console.log(
      `  ${opened.sockets.length} fan sockets + creator connected in ${opened.seconds.toFixed(1)} s (${opened.failed + creatorSocket.failed} failed)`,
    );
    if (creatorSocket.sockets.length !== 1 || opened.sockets.length === 0)
      throw new Error('sockets failed to open');

    const phases: PhaseResult[] = [];
    // At the measured rate: a server that has been taking this load has its database connections
    // open and its hot code compiled; the first second after a jump from idle is another figure.
    await phase('warm-up', 'creator->fans', rate, 3);
    await sleep(2000);
    phases.push(await phase('creator->fans steady', 'creator->fans', rate, seconds));
    await sleep(2000);
    phases.push(await phase('fans->creator steady', 'fans->creator', rate, seconds));

    const ramps: Record<string, { sustained: number; steps: PhaseResult[] }> = {};
    for (const direction of ['creator->fans', 'fans->creator'] as const) {
      const steps: PhaseResult[] = [];
      let sustained = 0;
      const rampStart = performance.now();
      for (const r of RAMP) {
        if (performance.now() - rampStart > RAMP_BUDGET_MS) break;
        await sleep(2000);
        const step = await phase(`ramp ${direction}`, direction, r, stepSeconds);
        steps.push(step);
        if (!step.sustained) break;
        sustained = r;
      }
      ramps[direction] = { sustained, steps };
      console.log(`  most messages/s sustained without loss, ${direction}: ${sustained}/s`);
    }
    const out = {
      sockets: opened.sockets.length + creatorSocket.sockets.length,
      fanSockets: opened.sockets.length,
      rate,
      seconds,
      stepSeconds,
      phases,
      ramps,
    };
    writeResults(e, 'delivery', out);
    return out;
  } finally {
    await closeSockets(all);
    client.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const e = benchEnv();
  console.log(`delivery on ${e.backend}`);
  deliveryBench(e).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
