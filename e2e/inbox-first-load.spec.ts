import type { Page } from '@playwright/test';
import { watchAdded } from './support/added';
import { openChatAsFan } from './support/media';
import { type ApiAccount, apiSignUp, dismissVerifyPopup, openAs } from './support/money';
import { expect, test } from './support/test';

// Opening the inbox, its first page of chats is asked for together with the session, not after the
// inbox screen's own code has arrived: on a slow phone network that code is a round trip or two,
// and the list should not wait for it; opening a conversation, its chat likewise. The screen's
// code is held back here to show the order.

/**
 * The chunk that holds the signed-in app with its inbox and conversation screens
 * (apps/web/chunks.ts).
 */
const SIGNED_IN_CHUNK = 'app';

/** Holds a script (the signed-in app's by default) until `release`; `asked` tells whether it was asked for. */
async function holdScreen(page: Page, chunk = SIGNED_IN_CHUNK) {
  const state: { asked: boolean; release: () => void } = { asked: false, release: () => undefined };
  const held = new Promise<void>((resolve) => {
    state.release = resolve;
  });
  await page.route(`**/assets/${chunk}-*.js`, async (route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

/** Opens `path` signed in as `account` without waiting for the page's scripts (some are held). */
async function openHeld(page: Page, account: ApiAccount, path: string) {
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), account.token);
  await page.goto(path, { waitUntil: 'commit' });
}

test("opening the inbox asks for its chats before any of the app's code has arrived, once", async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext()).newPage();
  const firstPages: string[] = [];
  const scripts: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/v1/chats' && url.searchParams.get('offset') === '0') firstPages.push(req.url());
    if (req.resourceType() === 'script') scripts.push(url.pathname);
  });
  // Even the boot script is held: the page's inline start script asks for them.
  const screen = await holdScreen(page, 'boot');

  await openHeld(page, creator, '/chats');
  // No code of the app has arrived yet, and the chats are already on their way.
  await expect.poll(() => screen.asked).toBe(true);
  await expect.poll(() => firstPages.length).toBe(1);
  screen.release();

  await expect(page.getByRole('link', { name: new RegExp(fan.username) })).toBeVisible();
  // The inbox shows without a conversation's code (that comes seconds after the page's load).
  expect(scripts.filter((p) => p.startsWith('/assets/conversation-'))).toEqual([]);
  // The screen, once there, does not ask for the same page again.
  await page.waitForTimeout(500);
  expect(firstPages).toHaveLength(1);
});

test("opening a conversation asks for its chat and messages before any of the app's code has arrived, once", async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': creator.token },
    data: { recipient_id: fan.id, type: 'text', text: 'Hello from the other side' },
  });
  expect(sent.status()).toBe(200);

  const page = await (await browser.newContext()).newPage();
  const chatLookups: string[] = [];
  const messagePages: string[] = [];
  const inboxPages: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const path = url.pathname;
    if (path === '/v1/chat' && req.method() === 'GET') chatLookups.push(req.url());
    if (path === '/v1/chats' && url.searchParams.get('offset') === '0') inboxPages.push(req.url());
    if (/^\/v1\/chats\/[^/]+\/messages$/.test(path)) messagePages.push(req.url());
  });
  // Even the boot script is held: the page's inline start script asks for the chat, then its messages.
  const screen = await holdScreen(page, 'boot');

  await openHeld(page, fan, `/chats/${creator.id}`);
  await expect.poll(() => screen.asked).toBe(true);
  await expect.poll(() => chatLookups.length).toBe(1);
  await expect.poll(() => messagePages.length).toBe(1);
  screen.release();
  await dismissVerifyPopup(page);

  // In the conversation (on a wide screen the inbox beside it shows the same words as its preview).
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('Hello from the other side'),
  ).toBeVisible();
  await page.waitForTimeout(500);
  expect(chatLookups).toHaveLength(1);
  expect(messagePages).toHaveLength(1);
  // The inbox beside (or behind) the conversation: its first page, asked for once, at the start too.
  expect(inboxPages).toHaveLength(1);
});

test('a signed-in page asks for its intros and notice together with the session, not after it', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const page = await (await browser.newContext()).newPage();
  const asked: string[] = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));
  // The session's answer is held: whatever is asked for meanwhile did not wait for it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/v1/users/me', async (route) => {
    await held;
    await route.continue();
  });

  await openAs(page, fan, '/chats');
  await expect.poll(() => asked.includes('/v1/users/me')).toBe(true);
  await expect.poll(() => asked.includes('/v1/users/intros')).toBe(true);
  expect(asked).toContain('/v1/notice');
  release();

  // Once the session is there the app goes on with the answers asked for early: one ask of each.
  await expect(page.getByRole('banner').getByRole('link', { name: '0 credits' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(asked.filter((p) => p === '/v1/users/intros')).toHaveLength(1);
  expect(asked.filter((p) => p === '/v1/notice')).toHaveLength(1);
  expect(asked.filter((p) => p === '/v1/users/me')).toHaveLength(1);
});

test("while the signed-in app's code loads, the page shows the app's frame rather than a lone spinner", async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  const app = await holdScreen(page);
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), fan.token);
  await page.goto('/chats');
  await expect.poll(() => app.asked).toBe(true);
  const frame = page.getByRole('status', { name: 'Loading' });
  await expect(frame).toBeVisible();
  await expect(frame.getByText('Parlor')).toBeVisible();
  app.release();
  // The app replaces the frame.
  await expect(page.getByRole('banner').getByRole('link', { name: '0 credits' })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test("the signed-out pages load a few scripts and never the signed-in app's", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The entry and what it imports come as a handful of files, not one per shared module.
  expect(scripts.length).toBeLessThanOrEqual(4);
  for (const path of ['/login/signup', '/login/forgot', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  // A signed-in page opened without a session goes to sign-in, link kept, without the app's code.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(scripts.filter((p) => p.startsWith(`/assets/${SIGNED_IN_CHUNK}-`))).toEqual([]);
  // The front door without a session is Discover, which a visitor browses.
  await page.goto('/');
  await expect(page).toHaveURL(/\/discover$/);
});

test("a signed-in page asks for the app's code while the boot script is still on its way", async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const page = await (await browser.newContext()).newPage();
  const app = await holdScreen(page);
  // The boot script is held: only the page's inline start script can ask for the app's chunk now.
  const boot = await holdScreen(page, 'boot');
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), fan.token);
  await page.goto('/chats', { waitUntil: 'commit' });
  await expect.poll(() => app.asked).toBe(true);
  boot.release();
  app.release();
  await expect(page.getByRole('banner').getByRole('link', { name: '0 credits' })).toBeVisible();
});

test('once the inbox has settled, the first chat opened shows its conversation without a loading spinner', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext()).newPage();
  const spinners = await watchAdded(page, '[role=status][aria-label]');
  // The conversation's code comes a few seconds after the page's load (App.tsx `loadFirstScreen`).
  const conversationCode = page.waitForResponse(
    (res) => /\/assets\/conversation-[\w-]+\.js$/.test(res.url()),
    {
      timeout: 15_000,
    },
  );
  await openAs(page, fan, '/chats');
  const row = page.getByRole('link', { name: new RegExp(creator.username) });
  await expect(row).toBeVisible();
  await conversationCode;
  // Its styles and the module's evaluation follow the script's arrival.
  await page.waitForLoadState('networkidle');
  await spinners.clear();

  await row.click();
  await expect(page.getByRole('textbox', { name: `Message ${creator.username}` })).toBeVisible();
  // The conversation's screen was already here: it renders at once (its own "Loading conversation"
  // while the messages come), not the code's fallback ("Loading") held for React's reveal throttle.
  expect((await spinners.added()).map((spinner) => spinner.label)).not.toContain('Loading');
});
