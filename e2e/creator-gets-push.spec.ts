import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPushService } from '../apps/server/test/support/push-service';
import { openChatAsFan } from './support/media';
import { apiSignUp, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('the app registers its service worker, passes Chromium installability checks, and shows its offline page', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every new context is: this
  // journey runs in a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-install-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launch, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
    });
    expect(new URL(worker.scope).pathname).toBe('/');
    expect(worker.script).toMatch(/\/service-worker\.js$/);

    // Chromium's own verdict: what it checks before offering to install the app.
    const cdp = await context.newCDPSession(page);
    // The page links its manifest a few seconds after it has loaded (app/serviceWorker.ts).
    const readManifest = () => cdp.send('Page.getAppManifest');
    await expect.poll(async () => (await readManifest()).data ?? '', { timeout: 15_000 }).not.toBe('');
    const manifest = await readManifest();
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}');
    expect(parsed.display).toBe('standalone');
    expect(parsed.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
    );
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);

    // Offline, a page load gets the app's offline page rather than the browser's error.
    await context.setOffline(true);
    await page.goto('/chats').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await captureScreens(page, 'offline-page');
    await context.setOffline(false);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a creator turns message notifications off and on: the push to their device follows the toggle', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const push = await startPushService();
  try {
    const creator = await apiSignUp(request, 'featured');
    const fan = await apiSignUp(request, 'user');
    await giveCredits(request, fan);
    await openChatAsFan(request, fan, creator);
    // The creator's device, subscribed at a push service of the test's own.
    const device = push.subscription();
    const subscribed = await request.post('/v1/push/subscriptions', {
      headers: { 'access-token': creator.token },
      data: { subscription: { endpoint: device.endpoint, expirationTime: null, keys: device.keys } },
    });
    expect(subscribed.status()).toBe(204);

    const setMessages = async (on: boolean) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openAs(page, creator, '/account/settings/notifications');
      const toggle = page.getByRole('switch', { name: 'Messages' });
      await expect(toggle).toBeChecked({ checked: !on });
      await toggle.click();
      await expect(toggle).toBeChecked({ checked: on });
      await expect(page.getByRole('group', { name: 'Browser notifications' })).toBeVisible();
      if (!on) await captureScreens(page, 'settings-notifications');
      // Closed: the creator has no visible tab, the condition for a push.
      await context.close();
    };
    const fanSends = async (text: string) => {
      const res = await request.post('/v1/messages', {
        headers: { 'access-token': fan.token },
        data: { type: 'text', recipient_id: creator.id, text },
      });
      expect(res.status()).toBe(200);
    };

    await setMessages(false);
    await fanSends('Are you there?');
    // Longer than the grouping window (5 s) and a queue poll: nothing may arrive.
    await new Promise((r) => setTimeout(r, 8_000));
    expect(push.to(device)).toHaveLength(0);

    await setMessages(true);
    await fanSends('Hello again');
    await expect.poll(() => push.to(device).length, { timeout: 20_000 }).toBe(1);
    expect(push.errors).toEqual([]);
    expect(push.to(device)[0]?.payload).toMatchObject({
      title: fan.username,
      body: 'Hello again',
      url: `/chats/${fan.id}`,
    });
  } finally {
    await push.close();
  }
});
