import {
  demoSessions,
  type Ids,
  pageFor,
  SCREENS,
  type Session,
  settle,
  type Who,
} from './support/main-screens';
import { expect, test } from './support/test';

// The spec's outer breakpoints. Below 350 px (the smallest phones) gutters narrow and the chat
// areas' names shrink, so no main screen is wider than the phone and no name is cut; from 1920 px a
// conversation keeps its messages and composer to a 1200 px reading column in the middle of its pane.

test.describe.configure({ timeout: 180_000 });

let sessions: Record<Exclude<Who, 'signed-out'>, Session>;
let ids: Ids;

// The demo accounts of the suite's own server: the screens are only measured, never compared.
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  sessions = await demoSessions(request);
  ids = { fan: sessions.fan.id, creator: sessions.creator.id };
  await request.dispose();
});

const session = (who: Who) => (who === 'signed-out' ? undefined : sessions[who]);

test('at 320 px no main screen is wider than the phone', async ({ browser }) => {
  const wide: string[] = [];
  for (const screen of SCREENS) {
    const page = await pageFor(browser, undefined, session(screen.who));
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(screen.path(ids));
    await screen.ready(page);
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`${screen.name}: ${width} px`);
    await page.context().close();
  }
  expect(wide).toEqual([]);
});

test('at 320 px the chat areas and the inbox actions show whole', async ({ browser }) => {
  const page = await pageFor(browser, undefined, sessions.creator);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/chats');
  const areas = page.getByRole('navigation', { name: 'Chat areas' }).getByRole('link');
  await expect(areas).toHaveText(['Messenger', 'Auto messages', 'Broadcast']);
  // A name is whole when its text lies inside its box (a pixel for rounding).
  const cut = await areas.evaluateAll((links) =>
    links
      .filter((a) => {
        const text = document.createRange();
        text.selectNodeContents(a);
        const box = a.getBoundingClientRect();
        const drawn = text.getBoundingClientRect();
        return drawn.left < box.left - 1 || drawn.right > box.right + 1 || a.scrollWidth > a.clientWidth + 8;
      })
      .map((a) => a.textContent),
  );
  expect(cut).toEqual([]);
  const select = await page.getByRole('button', { name: 'Select' }).boundingBox();
  expect(select && select.x + select.width).toBeLessThanOrEqual(320);
});

test('from 1920 px a conversation keeps to a reading column in the middle of its pane', async ({
  browser,
}) => {
  const page = await pageFor(browser, undefined, sessions.creator);
  await page.setViewportSize({ width: 2560, height: 1200 });
  await page.goto(`/chats/${ids.fan}`);
  const log = page.getByRole('log');
  await expect(log.locator('li').first()).toBeVisible();
  await settle(page);
  const column = await log.evaluate((list) => {
    const pane = list.getBoundingClientRect();
    const bubbles = Array.from(list.querySelectorAll('li')).map((li) => li.getBoundingClientRect());
    const visible = bubbles.filter((b) => b.width > 0);
    return {
      middle: pane.left + pane.width / 2,
      left: Math.min(...visible.map((b) => b.left)),
      right: Math.max(...visible.map((b) => b.right)),
    };
  });
  // Her own messages end at the column's right edge, the fan's start at its left: within 600 px
  // of the middle either way, not at the pane's edges 800 px and more away.
  expect(column.right - column.middle).toBeLessThanOrEqual(601);
  expect(column.middle - column.left).toBeLessThanOrEqual(601);
  const composer = await page.getByRole('textbox', { name: /Message/ }).boundingBox();
  expect(composer && composer.x + composer.width - column.middle).toBeLessThanOrEqual(601);
});
