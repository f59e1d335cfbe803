import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attach, makePhoto, openChatAsFan } from './support/media';
import { apiSignUp, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// Uploads count against the account's storage quota (500 MB for a fan by default); the storage
// settings show how much is used and let the fan remove media from the vault to free it.

test('a fan sees the storage their photos take, and frees some by removing an unsent one', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-storage-'));
  const photo = await makePhoto(dir);
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext()).newPage();
  await openAs(page, fan, `/chats/${creator.id}`);
  await attach(page, photo);
  await page
    .getByRole('dialog', { name: 'Send a photo' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(page.getByTestId('media-bubble')).toHaveCount(1);
  await expect(page.getByTestId('pending-media')).toHaveCount(0);

  // A second photo in the vault, uploaded and never sent.
  const kept = await request.post('/v1/media', {
    headers: { 'access-token': fan.token, 'web-type': 'react' },
    multipart: {
      type: 'message',
      file: {
        name: 'dusk.jpg',
        mimeType: 'image/jpeg',
        buffer: fs.readFileSync(await makePhoto(dir, 'dusk.jpg', '#6d28d9')),
      },
    },
  });
  expect(kept.status()).toBe(200);

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /Storage/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\/storage\/?$/);
  const summary = page.getByText(/^Storage: \d+\.\d [KM]B of 500\.0 MB used$/);
  await expect(summary).toBeVisible();
  const bar = page.getByRole('progressbar', { name: /^Storage:/ });
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  const before = await bar.getAttribute('aria-valuetext');
  expect(`Storage: ${before}`).toBe(await summary.textContent());
  const tiles = page.getByRole('button', { name: /^Select photo/ });
  await expect(tiles).toHaveCount(2);
  await captureScreens(page, 'settings-storage');

  // Newest first: the unsent photo. Removing it frees its space; the sent one keeps counting.
  await tiles.first().click();
  await expect(tiles.first()).toHaveAttribute('aria-pressed', 'true');
  await captureScreens(page, 'settings-storage-selected');
  await page.getByRole('button', { name: 'Remove 1 from vault' }).click();
  await expect(tiles).toHaveCount(1);
  await expect(bar).not.toHaveAttribute('aria-valuetext', before ?? '');
  const after = await bar.getAttribute('aria-valuetext');
  expect(sizeOf(after)).toBeLessThan(sizeOf(before));
  expect(sizeOf(after)).toBeGreaterThan(0);
});

/** "123.4 KB of 500.0 MB used" -> bytes used. */
function sizeOf(text: string | null): number {
  const [, value, unit] = text?.match(/^([\d.]+) (B|KB|MB)/) ?? [];
  return Number(value) * 1024 ** ['B', 'KB', 'MB'].indexOf(unit ?? 'B');
}
