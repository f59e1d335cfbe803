/**
 * Fast on a phone: Lighthouse 12.8 with its default mobile settings (a mid-range phone on slow 4G,
 * simulated: 150 ms RTT, 1.6 Mbit/s, CPU 4x slower) against the built web app on the real server
 * (embedded PGlite, the demo data): /login signed out, then as the demo fan alex the inbox (/chats)
 * and his conversation with mila (/chats/<mila's id>). Prints performance and accessibility scores,
 * FCP, LCP, TBT, CLS and the script bytes transferred per page (the median of RUNS runs by
 * performance score), the failing accessibility checks, and the machine's load.
 *
 *   npm run build -w apps/web && npm run lighthouse -w bench
 *   RUNS=5 PAGES=login,inbox npm run lighthouse -w bench
 *   LIGHTHOUSE_SAVE_DIR=/tmp/lh npm run lighthouse -w bench   # also keep each run's full report
 *   LIGHTHOUSE_COMPARE_DIR=/tmp/before-dist npm run lighthouse -w bench   # two builds, run for run
 *
 * Builds nothing itself: it serves apps/web/dist (or LIGHTHOUSE_WEB_DIR). Chromium at CHROMIUM_PATH (/usr/bin/chromium).
 * Each run gets a fresh browser profile: nothing is cached and no service worker is installed yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_KEYS } from '@parlor/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type BenchEnv, intEnv, REPO_ROOT, writeResults } from './lib/env';
import { startServer } from './lib/server';

// LIGHTHOUSE_WEB_DIR serves another build (e.g. an older commit's, with BENCH_SERVER_ENTRY its server).
const WEB_DIR = path.resolve(process.env.LIGHTHOUSE_WEB_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_PASSWORD = 'password123';
const FAN = process.env.LIGHTHOUSE_FAN ?? 'alex';
const CREATOR = process.env.LIGHTHOUSE_CREATOR ?? 'mila';
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
// Lighthouse's default mobile network (slow 4G), kept when only the CPU multiplier changes.
const MOBILE_THROTTLING = {
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
};

interface PageFigures {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKiB: number;
  totalKiB: number;
  failingA11y: string[];
  opportunities: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time (about 1,000+ on a quiet desktop). */
  benchmarkIndex: number;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Puts the session token where the web app keeps it (localStorage), on the app's origin. */
async function signInBrowser(port: number, origin: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A plain text file of the origin: nothing of the app is loaded or cached before the run.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.authToken)}, ${JSON.stringify(token)})`,
    );
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}

async function audit(name: string, url: string, origin: string, token?: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (token) await signInBrowser(chrome.port, origin, token);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Signed in, the token set above must survive; the fresh profile keeps the cache empty anyway.
      disableStorageReset: Boolean(token),
      // Default 4. On a loaded machine (low benchmarkIndex) Lighthouse's own advice is a lower
      // multiplier; LIGHTHOUSE_CPU_SLOWDOWN sets it, and the figures then say so.
      ...(CPU_SLOWDOWN ? { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const lhr = result.lhr;
    // LIGHTHOUSE_SAVE_DIR keeps each run's full report (JSON) to open in the Lighthouse viewer.
    const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const stamp = `${name}-${Date.now()}`;
      fs.writeFileSync(path.join(saveDir, `${stamp}.json`), JSON.stringify(lhr));
      fs.writeFileSync(path.join(saveDir, `${stamp}.trace.json`), JSON.stringify(result.artifacts.Trace));
      // With the trace, what Lantern's simulation needs to be replayed offline.
      const { DevtoolsLog, GatherContext, URL: urls, SourceMaps } = result.artifacts;
      fs.writeFileSync(
        path.join(saveDir, `${stamp}.lantern.json`),
        JSON.stringify({ DevtoolsLog, GatherContext, URL: urls, SourceMaps, settings: lhr.configSettings }),
      );
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
    const bytes = (filter: (r: Record<string, unknown>) => boolean) =>
      requests.filter(filter).reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 1024;
    const a11y = lhr.categories.accessibility;
    const failingA11y = (a11y?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      page: name,
      url: new URL(url).pathname,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((a11y?.score ?? 0) * 100),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      scriptKiB: Math.round(bytes((r) => r.resourceType === 'Script') * 10) / 10,
      totalKiB: Math.round(bytes(() => true) * 10) / 10,
      failingA11y,
      opportunities,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART...): such a run is tried again. */
async function auditWithRetry(name: string, url: string, origin: string, token?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(name, url, origin, token);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  ${name}: ${(error as Error).message}; trying again`);
    }
  }
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

interface Site {
  /** The build's directory, as the tables name it. */
  label: string;
  server: Awaited<ReturnType<typeof startServer>>;
  env: BenchEnv;
  pages: { name: string; url: string; token?: string }[];
}

/**
 * Asks the fresh server, a few times, for what the pages load first: their HTML, every script and
 * stylesheet it names and the start script's calls. A server in production has served others before
 * a phone comes; without this the first run pays the server's first-request costs (code not yet
 * compiled, the database's first plans: 20-60 ms per request instead of 3), and Lighthouse charges
 * that wait to every request of the page through its estimate of the server's response time.
 */
async function warmUp(origin: string, pages: { url: string }[], creatorId: string, token: string) {
  const calls = [
    '/v1/users/me',
    '/v1/provider/config?platform=react',
    '/v1/users/intros',
    '/v1/notice',
    '/v1/chats?v=2&limit=20&offset=0&type=all',
    `/v1/chat?recipient_id=${creatorId}`,
  ];
  for (let round = 0; round < 3; round++) {
    for (const page of pages) {
      const html = await (await fetch(page.url)).text();
      const assets = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
      await Promise.all(
        [...assets].map(async (asset) => {
          await (await fetch(`${origin}${asset}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
        }),
      );
    }
    await Promise.all(
      calls.map(async (call) => {
        await (
          await fetch(`${origin}${call}`, { headers: { 'access-token': token, 'web-type': 'react' } })
        ).text();
      }),
    );
  }
}

/** A server of its own (fresh embedded PGlite, the demo data) serving one build, and its pages. */
async function openSite(webDir: string, wanted: string[]): Promise<Site> {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} has no index.html: run \`npm run build -w apps/web\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-lighthouse-'));
  // Always embedded PGlite: what `npm start` runs on a fresh clone.
  const env: BenchEnv = {
    dataDir,
    databaseUrl: undefined,
    redisUrl: undefined,
    redisPrefix: 'parlor-lighthouse:',
    backend: 'pglite',
    manifestPath: path.join(dataDir, 'bench-manifest.json'),
    resultsPath: process.env.BENCH_RESULTS || undefined,
  };
  const server = await startServer(env, {
    WEB_DIR: webDir,
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const origin = server.url;
  const auth = await json<{ access_token: string }>(
    await fetch(`${origin}/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'web-type': 'react' },
      body: JSON.stringify({ login: FAN, password: DEMO_PASSWORD }),
    }),
  );
  const creator = await json<{ _id: string }>(
    await fetch(`${origin}/v1/users/${CREATOR}`, { headers: { 'access-token': auth.access_token } }),
  );
  // LIGHTHOUSE_RETURNING=1: the fan has closed every area intro, as a returning fan has; by
  // default the first visit is measured, intro popups and all.
  if (process.env.LIGHTHOUSE_RETURNING) {
    for (const intro of ['messenger', 'chat', 'discover', 'account', 'profile']) {
      await fetch(`${origin}/v1/users/intros`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': auth.access_token },
        body: JSON.stringify({ intro }),
      });
    }
  }
  // Without an id the conversation page would measure the "no such user" screen.
  if (!creator._id) throw new Error(`no id for ${CREATOR}: ${JSON.stringify(creator)}`);
  const pages = [
    { name: 'login', url: `${origin}/login` },
    { name: 'inbox', url: `${origin}/chats`, token: auth.access_token },
    { name: 'conversation', url: `${origin}/chats/${creator._id}`, token: auth.access_token },
  ].filter((p) => wanted.includes(p.name));
  await warmUp(origin, pages, creator._id, auth.access_token);
  const label = webDir.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, webDir) : webDir;
  return { label, server, env, pages };
}

function printTable(title: string, results: PageFigures[]) {
  console.log(`\n${title}\n`);
  console.log(
    '| page | path | performance | accessibility | FCP | LCP | TBT | CLS | JS transferred | all transferred | benchmarkIndex |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| ${r.page} | ${r.url.replace(/\/chats\/.+/, '/chats/<mila>')} | ${r.performance} | ${r.accessibility} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${r.tbtMs} ms | ${r.cls} | ${r.scriptKiB} KiB | ${r.totalKiB} KiB | ${r.benchmarkIndex} |`,
    );
  }
  for (const r of results) {
    if (r.failingA11y.length)
      console.log(`${r.page}: failing accessibility checks: ${r.failingA11y.join(', ')}`);
    if (r.opportunities.length) console.log(`${r.page}: opportunities: ${r.opportunities.join('; ')}`);
  }
}

async function main() {
  const runs = intEnv('RUNS', 3);
  const wanted = (process.env.PAGES ?? 'login,inbox,conversation').split(',').map((p) => p.trim());
  // LIGHTHOUSE_COMPARE_DIR: a second build measured run for run beside the first (A, B, then B, A),
  // each on its own server. On a shared machine the same build's TBT swings by a factor of two or
  // three between runs minutes apart; interleaving exposes both builds to the same swings.
  const compareDir = process.env.LIGHTHOUSE_COMPARE_DIR;
  const sites = [await openSite(WEB_DIR, wanted)];
  try {
    if (compareDir) sites.push(await openSite(path.resolve(compareDir), wanted));
    const results = sites.map(() => [] as PageFigures[]);
    for (const [p, page] of sites[0]!.pages.entries()) {
      const all = sites.map(() => [] as PageFigures[]);
      for (let i = 0; i < runs; i++) {
        const order = i % 2 === 0 ? sites.keys() : [...sites.keys()].reverse();
        for (const k of order) {
          const target = sites[k]!.pages[p]!;
          const figures = await auditWithRetry(
            target.name,
            target.url,
            new URL(target.url).origin,
            target.token,
          );
          const who = compareDir ? ` [${sites[k]!.label}]` : '';
          console.log(
            `  ${page.name}${who} run ${i + 1}/${runs}: performance ${figures.performance}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms (benchmarkIndex ${figures.benchmarkIndex})`,
          );
          all[k]!.push(figures);
        }
      }
      for (const [k, figures] of all.entries()) results[k]!.push(median(figures));
    }

    const load = os.loadavg().map((l) => l.toFixed(2));
    const setting = `Lighthouse 12.8 mobile (simulated slow 4G, ${CPU_SLOWDOWN ?? 4}x CPU), median of ${runs}; ${os.cpus().length} x ${os.cpus()[0]?.model.trim()}; load average ${load.join(', ')}`;
    for (const [k, site] of sites.entries()) {
      printTable(compareDir ? `${setting}; build ${site.label}` : setting, results[k]!);
    }
    writeResults(sites[0]!.env, 'lighthouse', {
      load: os.loadavg(),
      runs,
      results: results[0],
      ...(compareDir ? { compare: { dir: sites[1]!.label, results: results[1] } } : {}),
    });
  } finally {
    for (const site of sites) {
      await site.server.stop();
      fs.rmSync(site.env.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
