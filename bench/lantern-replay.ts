/**
 * Replays Lighthouse's simulated LCP (Lantern) for a run saved by `LIGHTHOUSE_SAVE_DIR` and prints
 * both graphs it averages, node by node with simulated start and end: which requests and which
 * main-thread tasks (with their observed length and largest events) the figure is made of.
 *
 *   LIGHTHOUSE_SAVE_DIR=/tmp/lh npm run lighthouse -w bench
 *   npm run lantern -w bench -- /tmp/lh/inbox-1795936479854
 */
import fs from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}
interface GraphNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number };
  duration?: number;
  childEvents?: TraceEvent[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

const stamp = process.argv[2];
if (!stamp) throw new Error('usage: npm run lantern -w bench -- <save dir>/<page>-<stamp>');
const trace = JSON.parse(fs.readFileSync(`${stamp}.trace.json`, 'utf8'));
const saved = JSON.parse(fs.readFileSync(`${stamp}.lantern.json`, 'utf8'));
const data = {
  trace,
  devtoolsLog: saved.DevtoolsLog,
  gatherContext: saved.GatherContext,
  settings: saved.settings,
  URL: saved.URL,
  SourceMaps: saved.SourceMaps,
  simulator: null,
};
const result = (await LanternLargestContentfulPaint.request(
  data as never,
  {
    computedCache: new Map(),
    settings: saved.settings,
  } as never,
)) as unknown as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };

const ms = (n: number) => String(Math.round(n)).padStart(6);
console.log(
  `LCP ${Math.round(result.timing)} ms: optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, ` +
    `pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)}`,
);
for (const [label, estimate] of [
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
] as const) {
  console.log(`\n${label}: start, end (simulated ms), node`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    let what: string;
    if (node.type === 'network' && node.request) {
      what = `${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${node.request.transferSize} B`;
    } else {
      const events = (node.childEvents ?? [])
        .filter((e) => (e.dur ?? 0) > 1000)
        .slice(0, 4)
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()?.slice(0, 20)})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`,
        );
      what = `task, observed ${((node.duration ?? 0) / 1000).toFixed(1)} ms: ${events.join(', ')}`;
    }
    console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${what}`);
  }
}
