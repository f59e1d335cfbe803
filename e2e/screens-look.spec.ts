import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  alwaysMasked,
  demoSessions,
  type Ids,
  pageFor,
  SCREENS,
  type Screen,
  type Session,
  SIZES,
  screensPort,
  settle,
  type Who,
} from './support/main-screens';
import { startOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Kept fixed: every main screen at phone and desktop width, on the demo data of a
// server of this spec's own, compared with its approved picture (e2e/screens-look.spec.ts-snapshots/;
// `npm test -w e2e -- screens-look --update-snapshots` approves a change on purpose; a failure
// leaves the expected, actual and diff pictures in test-results/). What moves by itself (clock
// times, presence, dates relative to today) is masked. E2E_DOCS_SCREENSHOTS=1 also writes the
// pictures, unmasked, to docs/screenshots/ for the README.

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

// A busy machine (two cores, several runs) takes its time over a screen at two widths.
test.describe.configure({ timeout: 120_000 });

let parlor: Awaited<ReturnType<typeof startOwnServer>>;
let sessions: Record<Exclude<Who, 'signed-out'>, Session>;
let ids: Ids;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  parlor = await startOwnServer(screensPort(0), {});
  const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
  sessions = await demoSessions(request);
  ids = { fan: sessions.fan.id, creator: sessions.creator.id };
  await request.dispose();
});

test.afterAll(async () => {
  await parlor?.stop();
});

const TIMES_FIXED_WIDTH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'support/screenshot.css',
);

async function shoot(page: Page, screen: Screen) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await expect(page).toHaveScreenshot(`${screen.name}-${size.width}.png`, {
      mask: [...alwaysMasked(page), ...(screen.mask?.(page) ?? [])],
      // Masking hides a time but not its width: every time takes one width (support/screenshot.css).
      stylePath: TIMES_FIXED_WIDTH,
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.01,
    });
    if (process.env.E2E_DOCS_SCREENSHOTS === '1') {
      await page.screenshot({
        path: path.join(docs, `${screen.name}-${size.width}.png`),
        animations: 'disabled',
        caret: 'hide',
      });
    }
  }
}

for (const screen of SCREENS) {
  test(`${screen.name} looks as approved at 375 and 1440 px`, async ({ browser }) => {
    const page = await pageFor(
      browser,
      parlor.baseUrl,
      screen.who === 'signed-out' ? undefined : sessions[screen.who],
    );
    // A phone first: the screens are opened at 375 px, as most fans open them.
    await page.setViewportSize(SIZES[0]);
    await page.goto(screen.path(ids));
    await screen.ready(page);
    await shoot(page, screen);
  });
}
