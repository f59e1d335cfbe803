import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { makePhoto, openChatAsFan } from './support/media';
import { type ApiAccount, apiSignUp, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// Fans' purchases and the vault: a fan finds what they bought, hides and unhides it; a
// purchase made elsewhere shows up while the page is open; a creator deletes several vault items.

/** Uploads a photo to the account's vault through the API (the upload has its own journey). */
async function upload(request: APIRequestContext, account: ApiAccount, file: string, type = 'paid_message') {
  const res = await request.post('/v1/media', {
    headers: { 'access-token': account.token, 'web-type': 'react' },
    multipart: {
      type,
      file: { name: path.basename(file), mimeType: 'image/jpeg', buffer: fs.readFileSync(file) },
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).media as { public_id: string; media_id: string };
}

/** The creator sends an uploaded photo to the fan for `price` credits; answers the message id. */
async function sendPaidPhoto(
  request: APIRequestContext,
  creator: ApiAccount,
  fan: ApiAccount,
  media: { public_id: string },
  price: number,
) {
  const res = await request.post('/v1/messages', {
    headers: { 'access-token': creator.token },
    data: { type: 'image', recipient_id: fan.id, price, public_id: media.public_id },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).message._id as string;
}

test('a fan finds a bought photo under purchases, hides it and shows it again', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-purchases-'));
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);
  await sendPaidPhoto(request, creator, fan, await upload(request, creator, await makePhoto(dir)), 30);

  // The fan buys it in the chat.
  const page = await (await browser.newContext()).newPage();
  await openAs(page, fan, `/chats/${creator.id}`);
  await expect(page.getByRole('region', { name: 'Verify Your Email Address' })).toBeVisible();
  await page.getByTestId('locked-media').getByRole('button', { name: 'Unlock for 30 credits' }).click();
  await expect(page.getByTestId('locked-media')).toHaveCount(0);

  // Account, then Purchases: the photo, its creator (a link to the chat), its price.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /Purchases/ }).click();
  await expect(page).toHaveURL(/\/account\/purchases\/?$/);
  const purchases = page.getByTestId('purchase');
  await expect(purchases).toHaveCount(1);
  await expect(purchases.first()).toContainText('30 credits · $3.00');
  await expect(purchases.first().getByRole('link', { name: creator.username })).toHaveAttribute(
    'href',
    `/chats/${creator.id}`,
  );

  // Opening it shows it big.
  await page.getByRole('button', { name: `Open photo from ${creator.username}` }).click();
  await expect(page.getByTestId('media-viewer').locator('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('media-viewer')).toHaveCount(0);

  // Bought in another tab while this page is open: it comes on top without a reload.
  const second = await sendPaidPhoto(
    request,
    creator,
    fan,
    await upload(request, creator, await makePhoto(dir, 'dusk.jpg', '#6d28d9')),
    20,
  );
  const bought = await request.patch(`/v1/messages/${second}/buy`, {
    headers: { 'access-token': fan.token },
  });
  expect(bought.status()).toBe(200);
  await expect(purchases).toHaveCount(2);
  await expect(purchases.first()).toContainText('20 credits · $2.00');
  await captureScreens(page, 'purchases');

  // Hide the first one bought: it leaves Visible and is found under Hidden.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page
    .getByRole('button', { name: new RegExp(`^Select photo from ${creator.username}`) })
    .nth(1)
    .click();
  await captureScreens(page, 'purchases-selected');
  await page.getByRole('button', { name: 'Hide 1' }).click();
  await expect(page.getByText('1 purchase hidden. Find it under Hidden.')).toBeVisible();
  await expect(purchases).toHaveCount(1);
  await expect(purchases.first()).toContainText('20 credits');

  await page.getByRole('tab', { name: 'Hidden' }).click();
  await expect(purchases).toHaveCount(1);
  await expect(purchases.first()).toContainText('30 credits');

  // All shows both, the hidden one marked.
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(purchases).toHaveCount(2);
  await expect(purchases.nth(1)).toContainText('Hidden');

  // Unhide it from Hidden: Hidden empties, and it is back in Visible after a reload too.
  await page.getByRole('tab', { name: 'Hidden' }).click();
  await expect(purchases).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Unhide 1' }).click();
  await expect(page.getByText('1 purchase back in Visible.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing hidden' })).toBeVisible();
  await captureScreens(page, 'purchases-hidden-empty');
  await page.reload();
  await expect(purchases).toHaveCount(2);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a creator deletes two photos from the vault at once', async ({ browser, request }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-vault-'));
  const creator = await apiSignUp(request, 'featured');
  for (const [name, sky] of [
    ['one.jpg', '#f28c28'],
    ['two.jpg', '#2b9348'],
    ['three.jpg', '#3730a3'],
  ] as const) {
    await upload(request, creator, await makePhoto(dir, name, sky), 'message');
  }

  const page = await (await browser.newContext()).newPage();
  await openAs(page, creator, '/account');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Vault', exact: true })
    .click();
  await expect(page).toHaveURL(/\/account\/vault\/?$/);
  const tiles = page.getByRole('list', { name: 'Your vault' }).getByRole('button');
  await expect(tiles).toHaveCount(3);
  const bar = page.getByRole('progressbar', { name: /^Storage:/ });
  await expect(bar).toBeVisible();
  const before = await bar.getAttribute('aria-valuetext');

  await tiles.nth(0).click();
  await tiles.nth(2).click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await captureScreens(page, 'vault-selected');
  await page.getByRole('button', { name: 'Delete 2' }).click();

  // A confirmation first; Cancel keeps everything.
  const confirm = page.getByRole('dialog', { name: 'Delete 2 photos?' });
  await expect(confirm).toBeVisible();
  await captureScreens(page, 'vault-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tiles).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete 2' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('2 items deleted from your vault.')).toBeVisible();
  await expect(tiles).toHaveCount(1);
  // Never sent, so their space is freed.
  await expect(bar).not.toHaveAttribute('aria-valuetext', before ?? '');
  await captureScreens(page, 'vault-after-delete');

  await page.reload();
  await expect(tiles).toHaveCount(1);
  fs.rmSync(dir, { recursive: true, force: true });
});
