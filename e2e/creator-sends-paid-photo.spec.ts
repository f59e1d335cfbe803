import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attach, makePhoto, makeVideo, openChatAsFan } from './support/media';
import { apiSignUp, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// A creator sends a paid photo and a free video; the fan sees the locked
// preview, unlocks the photo and sees it full size; the creator's earnings update live.

test('a creator sends a paid photo and a free video; the fan unlocks the photo', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-media-'));
  const photo = await makePhoto(dir);
  const video = makeVideo(dir);
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);

  const creatorPage = await (await browser.newContext()).newPage();
  const fanPage = await (await browser.newContext()).newPage();
  await openAs(creatorPage, creator, `/chats/${fan.id}`);
  await expect(creatorPage.getByTestId('earnings')).toContainText('Earned $0.00');

  // The paid photo: 30 credits, shown as $3.00.
  await attach(creatorPage, photo);
  const sheet = creatorPage.getByRole('dialog', { name: 'Send a photo' });
  await sheet.getByLabel('Price in credits').fill('30');
  await expect(sheet).toContainText('Fans pay 30 credits ($3.00) to unlock it.');
  await captureScreens(creatorPage, 'media-send-sheet');
  await sheet.getByRole('button', { name: 'Send for 30 credits' }).click();
  await expect(creatorPage.getByTestId('media-bubble').first()).toContainText('30 credits · Not bought yet');

  // The free video.
  await attach(creatorPage, video);
  await creatorPage
    .getByRole('dialog', { name: 'Send a video' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(creatorPage.locator('[data-testid="media-bubble"] video')).toHaveCount(1);
  await expect(creatorPage.getByTestId('pending-media')).toHaveCount(0);

  // The fan: a locked preview with the price, and the video playable.
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  const locked = fanPage.getByTestId('locked-media');
  await expect(locked).toContainText('30 credits');
  await expect(locked).toContainText('$3.00');
  const lockedImages = await locked
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(lockedImages.every((src) => src.includes('/blur?'))).toBe(true);
  await expect(fanPage.locator('[data-testid="media-bubble"] video')).toHaveCount(1);
  await captureScreens(fanPage, 'media-locked');

  // The new account's email banner arrives after the page: once it is there nothing moves, so the
  // click lands where the button is.
  await expect(fanPage.getByRole('region', { name: 'Verify Your Email Address' })).toBeVisible();
  await locked.getByRole('button', { name: 'Unlock for 30 credits' }).click();
  await expect(fanPage.getByTestId('locked-media')).toHaveCount(0);
  await expect(fanPage.getByRole('banner').getByText('70 credits', { exact: true })).toBeVisible();
  // The spend confirms.
  await expect(fanPage.getByRole('status').getByText('Unlocked for 30 credits.')).toBeVisible();

  // Full size in the viewer: the 1440-pixel variant of the 3000 x 2000 original.
  await fanPage.getByRole('button', { name: 'Open photo' }).click();
  const full = fanPage.getByTestId('media-viewer').locator('img');
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1440);
  await captureScreens(fanPage, 'media-viewer');
  await fanPage.keyboard.press('Escape');

  // The creator's earnings moved without a reload, and the photo shows as bought.
  // 30 credits less the platform's 20 % (PLATFORM_FEE_PERCENT).
  await expect(creatorPage.getByTestId('earnings')).toContainText('Earned $2.40');
  await expect(creatorPage.getByTestId('earnings')).toContainText('24 credits');
  await expect(creatorPage.getByTestId('media-bubble').first()).toContainText('30 credits · Bought');
  await captureScreens(creatorPage, 'media-creator-after-sale');
  fs.rmSync(dir, { recursive: true, force: true });
});
