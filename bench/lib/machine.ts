import fs from 'node:fs';
import os from 'node:os';
import { sleep } from './env';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  kernel: string;
}

export function machineInfo(): MachineInfo {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown';
  return {
    cpus: os.availableParallelism(),
    cpuModel: model.trim(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel: os.release(),
  };
}

function cpuTimes(): { idle: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { idle, total: v.reduce((s, x) => s + x, 0) };
}

/** Share of all cores that was busy over `ms`, in percent (0-100), from /proc/stat. */
export async function busyPercent(ms: number): Promise<number> {
  const a = cpuTimes();
  await sleep(ms);
  const b = cpuTimes();
  const total = b.total - a.total;
  return total > 0 ? Math.round((1 - (b.idle - a.idle) / total) * 100) : 0;
}

export const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/**
 * Other work on a shared machine distorts latency figures. Waits (at most `maxMs`) until the cores
 * have been at most `threshold`% busy for three 2-second samples in a row; answers what it saw.
 */
export async function waitForQuiet(maxMs: number, threshold = 15) {
  const start = performance.now();
  let quiet = 0;
  let last = 100;
  while (performance.now() - start < maxMs) {
    last = await busyPercent(2000);
    quiet = last <= threshold ? quiet + 1 : 0;
    if (quiet >= 3) break;
  }
  const waitedSeconds = Math.round((performance.now() - start) / 1000);
  return { quiet: quiet >= 3, waitedSeconds, busyPercent: last, loadAverage: loadAverage() };
}
