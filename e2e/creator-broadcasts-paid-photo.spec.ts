import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { creditsToDollars } from '@parlor/contract';
import type { APIRequestContext } from '@playwright/test';
import { makePhoto } from './support/media';
import { type ApiAccount, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// A creator broadcasts a paid photo to a category, watches the progress reach
// 100 %, two fans receive it live, one buys it, the stats show the purchase and the earnings.

const DEMO_PASSWORD = 'password123';

async function demoSignIn(request: APIRequestContext, username: string): Promise<ApiAccount> {
  const res = await request.post('/v1/auth', { data: { login: username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { token: body.access_token, id: body.user._id, username };
}

test('a creator broadcasts a paid photo to All; two fans get it live, one buys, the stats show it', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-broadcast-'));
  const photo = await makePhoto(dir, 'broadcast.jpg', '#e0559a');
  const caption = `A new set, just for you ${Date.now().toString(36)}`;
  // A price of this run's own (20-49 credits; the demo's paid photo is 50), so its copies are told
  // apart from any earlier run's on the same server.
  const price = 20 + (Date.now() % 30);
  const dollars = `$${creditsToDollars(price)}`;
  const priced = `${price} credits`;
  // What mila earns from one sale: the price less the platform's 20 % (PLATFORM_FEE_PERCENT).
  const earnedCredits = price - Math.floor((price * 20) / 100);
  const earned = `${earnedCredits} credits`;
  const earnedDollars = `$${creditsToDollars(earnedCredits)}`;
  const mila = await demoSignIn(request, 'mila');
  const alex = await demoSignIn(request, 'alex');
  const sam = await demoSignIn(request, 'sam');

  // Both fans sit in their open chat with Mila (demo chats: both are in her All tab).
  const alexPage = await (await browser.newContext()).newPage();
  const samPage = await (await browser.newContext()).newPage();
  await openAs(alexPage, alex, `/chats/${mila.id}`);
  await openAs(samPage, sam, `/chats/${mila.id}`);
  const alexLog = alexPage.getByRole('log', { name: 'Messages' });
  const samLog = samPage.getByRole('log', { name: 'Messages' });
  await expect(alexLog.getByText('Noted. Any plans for your next trip?')).toBeVisible();
  await expect(samLog.getByText('Grey, as always. Send sunshine!')).toBeVisible();

  // Mila goes from her inbox to the Broadcast area; Chats stays the current nav entry.
  const page = await (await browser.newContext()).newPage();
  await openAs(page, mila, '/chats');
  const areas = page.getByRole('navigation', { name: 'Chat areas' });
  await expect(areas.getByRole('link', { name: 'Messenger' })).toHaveAttribute('aria-current', 'page');
  await areas.getByRole('link', { name: 'Broadcast' }).click();
  await expect(page).toHaveURL(/\/broadcast$/);
  await expect(page.getByRole('heading', { name: 'Broadcast', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Chats', exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  // The audience: All, and how many fans it reaches before sending.
  const form = page.getByRole('form', { name: 'New broadcast' });
  await form.getByRole('radio', { name: 'Online' }).check();
  await form.getByRole('radio', { name: 'All' }).check();
  const reach = form.getByTestId('broadcast-reach');
  await expect(reach).toHaveText(/^This broadcast will reach \d+ fans?\.$/);
  const fans = Number((await reach.textContent())?.match(/\d+/)?.[0]);
  expect(fans).toBeGreaterThanOrEqual(2);

  // A photo from the device at that price, shown in dollars too.
  await form.getByLabel('Message').fill(caption);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(photo);
  await expect(form).toContainText('broadcast.jpg');
  await form.getByLabel('Price in credits').fill(String(price));
  await expect(form).toContainText(`Fans pay ${priced} (${dollars}) to unlock it.`);
  await captureScreens(page, 'broadcast-compose');
  await form.getByRole('button', { name: `Send to ${fans} fans` }).click();

  // The progress reaches 100 %, live.
  const progress = page.getByTestId('broadcast-progress');
  await expect(progress).toContainText(`Sent to ${fans} fans`);
  await expect(progress).toContainText('100 %');
  await expect(progress.getByRole('progressbar', { name: 'Sent' })).toHaveAttribute('aria-valuenow', '100');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await captureScreens(page, 'broadcast-sent');

  // Both fans have it in their open chat without a reload: locked, priced.
  for (const log of [alexLog, samLog]) {
    await expect(log.getByText(caption)).toBeVisible();
    await expect(log.getByTestId('locked-media').filter({ hasText: priced })).toHaveCount(1);
  }
  await captureScreens(samPage, 'broadcast-fan');

  // Alex buys it, once the copy that just arrived has its blurred preview loaded: the bubble takes
  // its size then, and a click before it can land where the button no longer is.
  const alexCopy = alexLog.getByTestId('locked-media').filter({ hasText: priced });
  await expect
    .poll(() =>
      alexCopy
        .locator('img')
        .evaluateAll(
          (imgs) =>
            imgs.length > 0 &&
            imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
  await alexCopy.scrollIntoViewIfNeeded();
  await alexLog.getByRole('button', { name: `Unlock for ${priced}` }).click();
  await expect(alexLog.getByTestId('locked-media').filter({ hasText: priced })).toHaveCount(0);
  // Sam's copy stays locked.
  await expect(samLog.getByTestId('locked-media').filter({ hasText: priced })).toHaveCount(1);

  // The stats list: the broadcast with its purchase and what it earned.
  const row = page.getByTestId('broadcast-stats-row').filter({ hasText: caption });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'done');
  await expect(row.getByTestId('broadcast-purchases').locator('dd')).toHaveText('1');
  await expect(row.getByTestId('broadcast-earned')).toContainText(earnedDollars);
  await expect(row.getByTestId('broadcast-earned')).toContainText(earned);
  await captureScreens(page, 'broadcast-stats');

  // After a reload the list still says so.
  await page.reload();
  const again = page.getByTestId('broadcast-stats-row').filter({ hasText: caption });
  await expect(again.getByTestId('broadcast-purchases').locator('dd')).toHaveText('1');
  await expect(again.getByTestId('broadcast-earned')).toContainText(earnedDollars);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a creator selects two chats in the inbox and opens a broadcast to just them', async ({
  page,
  request,
}) => {
  const mila = await demoSignIn(request, 'mila');
  await openAs(page, mila, '/chats');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  const rows = page.getByRole('checkbox', { name: /^Select (?!all)/ });
  await rows.nth(0).check();
  await rows.nth(1).check();
  await page
    .getByRole('toolbar', { name: 'Selected chats' })
    .getByRole('button', { name: 'Broadcast' })
    .click();

  // The selection arrives as the audience, with how many fans it reaches.
  await expect(page).toHaveURL(/\/broadcast$/);
  const form = page.getByRole('form', { name: 'New broadcast' });
  await expect(form).toContainText('The 2 chats you selected in your inbox');
  await expect(form.getByTestId('broadcast-reach')).toHaveText(/^This broadcast will reach [12] fans?\.$/);

  // A reload keeps the audience the inbox handed over.
  await page.reload();
  await expect(page.getByRole('form', { name: 'New broadcast' })).toContainText(
    'The 2 chats you selected in your inbox',
  );
});
