export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of latencies in milliseconds, rounded to 0.01 ms. */
export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const at = (p: number) => (n === 0 ? Number.NaN : sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)]!);
  const r = (x: number) => Math.round(x * 100) / 100;
  const mean = n === 0 ? Number.NaN : sorted.reduce((s, x) => s + x, 0) / n;
  return {
    n,
    p50: r(at(50)),
    p90: r(at(90)),
    p99: r(at(99)),
    max: r(sorted[n - 1] ?? Number.NaN),
    mean: r(mean),
  };
}

export const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(ms < 10 ? 2 : 1)} ms` : 'n/a');
