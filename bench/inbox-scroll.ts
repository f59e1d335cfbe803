/**
 * Inbox smoothness in a real browser: the seeded creator opens /chats in Chromium and scrolls down
 * through the list with the mouse wheel while it pages by 20; prints frame times (from
 * requestAnimationFrame), long frames, how many chats were loaded and how many rows the DOM held.
 *
 *   DATA_DIR=/tmp/x FANS=10000 MESSAGES=50000 npm run seed -w bench   # a 10,000-chat inbox
 *   DATA_DIR=/tmp/x npm run scroll -w bench
 *
 * Needs the built web app (`npm run build -w apps/web`, which `npm start` does) and Chromium at
 * CHROMIUM_PATH (/usr/bin/chromium). WHEEL_STEPS (300) wheel turns of 600 px, WHEEL_PAUSE_MS (16).
 */
import path from 'node:path';
import { STORAGE_KEYS } from '@parlor/contract';
import { chromium } from 'playwright-core';
import { benchEnv, intEnv, isMain, REPO_ROOT, readManifest, sleep, writeResults } from './lib/env';
import { startServer } from './lib/server';
import { fmt, summarize } from './lib/stats';

export async function runScroll() {
  const e = benchEnv();
  const manifest = readManifest(e);
  const steps = intEnv('WHEEL_STEPS', 300);
  const pause = intEnv('WHEEL_PAUSE_MS', 16);
  const server = await startServer(e, { WEB_DIR: path.join(REPO_ROOT, 'apps/web/dist') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.authToken)}, ${JSON.stringify(manifest.creator.token)})`,
    );
    await page.goto(`${server.url}/chats`);
    const rows = page.locator('section[aria-labelledby="inbox-title"] [role="tabpanel"] li');
    await rows.first().waitFor({ timeout: 30_000 });
    const box = await page.locator('section[aria-labelledby="inbox-title"] [role="tabpanel"]').boundingBox();
    if (!box) throw new Error('inbox scroller not found');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // A string, not a function: tsx's name helpers do not exist in the page.
    await page.evaluate(`(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const started = performance.now();
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, 600);
      await sleep(pause);
    }
    await sleep(500);
    const seconds = (performance.now() - started) / 1000;
    const SCROLLER = 'section[aria-labelledby="inbox-title"] [role="tabpanel"]';
    // Strings again: the page's globals are not in this package's (Node) types.
    const result = (await page.evaluate(`(() => {
      const scroller = document.querySelector('${SCROLLER}');
      const memory = performance.memory;
      return {
        frames: window.__frames.slice(1),
        domRows: document.querySelectorAll('${SCROLLER} li').length,
        scrolledPx: scroller.scrollTop,
        listHeightPx: scroller.scrollHeight,
        heapMiB: memory ? Math.round(memory.usedJSHeapSize / 1048576) : null,
      };
    })()`)) as {
      frames: number[];
      domRows: number;
      scrolledPx: number;
      listHeightPx: number;
      heapMiB: number | null;
    };
    const loaded = Math.round(result.listHeightPx);
    const frames = summarize(result.frames);
    const long = result.frames.filter((f) => f > 50).length;
    const out = {
      seconds: Math.round(seconds * 10) / 10,
      wheelSteps: steps,
      scrolledPx: Math.round(result.scrolledPx),
      listHeightPx: loaded,
      domRows: result.domRows,
      frames,
      longFrames: long,
      fps: Math.round((result.frames.length / seconds) * 10) / 10,
      heapMiB: result.heapMiB,
    };
    console.log(
      `inbox scroll: ${out.scrolledPx} px in ${out.seconds} s (list ${out.listHeightPx} px), ${out.domRows} rows in the DOM`,
    );
    console.log(
      `  frame p50 ${fmt(frames.p50)} p90 ${fmt(frames.p90)} p99 ${fmt(frames.p99)} max ${fmt(frames.max)}, ~${out.fps} fps, ${long} frames over 50 ms, JS heap ${out.heapMiB ?? '?'} MiB`,
    );
    writeResults(e, 'scroll', out);
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  runScroll().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
