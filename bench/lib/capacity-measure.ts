// What the capacity benchmark (bench/capacity.ts) measures: a step's window of figures, and the
// two figures taken on the quiet system before the ramp.
import type { httpClient } from './http';
import { twelveMegapixelPhoto, upload, variantOf } from './photo';
import { fmt, type Summary, summarize } from './stats';

export type Kind =
  | 'sign-in'
  | 'socket'
  | 'inbox'
  | 'conversation'
  | 'send'
  | 'paid photo'
  | 'buy'
  | 'tip'
  | 'upload';

/** Everything measured in one step's window. */
export class Window {
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

/**
 * The inbox's page 1 against page 5,000 of a creator with about 100,000 chats (by its next link and
 * by the bare offset), and a 12-megapixel photo's ingest, measured before any load.
 */
export async function quietFigures(client: ReturnType<typeof httpClient>, serverUrl: string, token: string) {
  const page1: number[] = [];
  const deep: number[] = [];
  const deepByOffset: number[] = [];
  // Page 5,000 as the web client reaches it: by the `next` link of page 4,999, which carries
  // where that page ended; and by the bare offset, which walks every chat before it.
  const before = await client.get('/v1/chats?v=2&limit=20&type=all&offset=99980', token);
  const nextLink = (JSON.parse(before.body) as { next: string | null }).next;
  if (!nextLink) throw new Error('page 4,999 gave no next link');
  for (let r = 0; r < 60; r++) {
    for (const [list, url] of [
      [page1, '/v1/chats?v=2&limit=20&type=all&offset=0'],
      [deep, nextLink],
      [deepByOffset, '/v1/chats?v=2&limit=20&type=all&offset=100000'],
    ] as const) {
      const t = performance.now();
      const res = await client.get(url, token);
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
    ingest.push(await upload(serverUrl, token, variantOf(photo, k), 'image/jpeg', 'p.jpg'));
  const ingestS = summarize(ingest.slice(1));
  console.log(`12 MP photo ingest: p50 ${fmt(ingestS.p50)} p90 ${fmt(ingestS.p90)}`);
  return { page1S, deepS, deepOffsetS, ingestS };
}

/** One step of the ramp: its figures, and whether it held (and if not, why). */
export interface StepResult {
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

/**
 * A step's figures and whether it held: the p99 of all requests, of every kind with enough samples
 * and of delivery under the limit, no error, nothing lost, every server process under the CPU limit.
 * `why` lists what broke (empty when the step held).
 */
export function judgeWindow(
  measured: Window,
  seconds: number,
  limits: {
    lost: number;
    serverCpu: number[];
    p99LimitMs: number;
    minP99Samples: number;
    cpuLimitPercent: number;
  },
) {
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
  if (all.p99 >= limits.p99LimitMs) why.push(`all requests p99 ${fmt(all.p99)}`);
  for (const [kind, s] of Object.entries(latency))
    if (s.p99 >= limits.p99LimitMs && kind !== 'upload' && s.n >= limits.minP99Samples)
      why.push(`${kind} p99 ${fmt(s.p99)}`);
  if (delivery.p99 >= limits.p99LimitMs) why.push(`delivery p99 ${fmt(delivery.p99)}`);
  if (Object.keys(errors).length > 0) why.push(`${Object.values(errors).reduce((a, b) => a + b, 0)} errors`);
  if (limits.lost > 0) why.push(`${limits.lost} lost`);
  limits.serverCpu.forEach((cpu, k) => {
    if (cpu >= limits.cpuLimitPercent) why.push(`server ${k + 1} CPU ${cpu} %`);
  });
  return { latency, perSecond, delivery, errors, why };
}
