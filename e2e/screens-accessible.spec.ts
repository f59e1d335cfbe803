import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  demoSessions,
  type Ids,
  pageFor,
  SCREENS,
  type Session,
  SIZES,
  screensPort,
  settle,
  type Who,
} from './support/main-screens';
import { startOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Kept fixed: axe-core finds no WCAG 2.1 A/AA violation on any main screen, at phone
// and desktop width, on the demo data of a server of this spec's own.

// A busy machine (two cores, several runs) takes its time over a screen at two widths.
test.describe.configure({ timeout: 120_000 });

let parlor: Awaited<ReturnType<typeof startOwnServer>>;
let sessions: Record<Exclude<Who, 'signed-out'>, Session>;
let ids: Ids;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  parlor = await startOwnServer(screensPort(1), {});
  const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
  sessions = await demoSessions(request);
  ids = { fan: sessions.fan.id, creator: sessions.creator.id };
  await request.dispose();
});

test.afterAll(async () => {
  await parlor?.stop();
});

/** One line per violation and element, so a failure says what to fix where. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}\n  ${n.failureSummary ?? ''}`,
    ),
  );
}

for (const screen of SCREENS) {
  test(`${screen.name} has no accessibility violations at 375 and 1440 px`, async ({ browser }) => {
    const page = await pageFor(
      browser,
      parlor.baseUrl,
      screen.who === 'signed-out' ? undefined : sessions[screen.who],
    );
    await page.setViewportSize(SIZES[0]);
    await page.goto(screen.path(ids));
    await screen.ready(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settle(page);
      expect(await violations(page), `at ${size.width} px`).toEqual([]);
    }
  });
}
