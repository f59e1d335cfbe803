import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type ApiAccount, apiSignUp, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';

// Issue 4, done when: a creator sends a paid photo and a free video; the fan sees the locked
// preview, unlocks the photo and sees it full size; the creator's earnings update live.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Fixtures are made here, not committed: sharp (the server's dependency) for the photo, ffmpeg for the video.
const sharp = createRequire(path.join(root, 'apps/server/package.json'))(
  'sharp',
) as typeof import('sharp').default;

async function makePhoto(dir: string): Promise<string> {
  const file = path.join(dir, 'sunset.jpg');
  const svg = `<svg width="3000" height="2000"><rect width="3000" height="2000" fill="#f28c28"/><circle cx="1500" cy="1300" r="600" fill="#ffd23f"/><rect y="1400" width="3000" height="600" fill="#2b4162"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

function makeVideo(dir: string): string {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=480x270:rate=25',
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

async function attach(page: Page, file: string) {
  await page.getByRole('button', { name: 'Attach a photo, video or GIF' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(file);
}

async function openChatAsFan(
  request: import('@playwright/test').APIRequestContext,
  fan: ApiAccount,
  creator: ApiAccount,
) {
  const res = await request.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id },
  });
  expect(res.status()).toBe(200);
}

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

  await locked.getByRole('button', { name: 'Unlock for 30 credits' }).click();
  await expect(fanPage.getByTestId('locked-media')).toHaveCount(0);
  await expect(fanPage.getByRole('banner').getByText('70 credits', { exact: true })).toBeVisible();

  // Full size in the viewer: the 1440-pixel variant of the 3000 x 2000 original.
  await fanPage.getByRole('button', { name: 'Open photo' }).click();
  const full = fanPage.getByTestId('media-viewer').locator('img');
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1440);
  await captureScreens(fanPage, 'media-viewer');
  await fanPage.keyboard.press('Escape');

  // The creator's earnings moved without a reload, and the photo shows as bought.
  await expect(creatorPage.getByTestId('earnings')).toContainText('Earned $3.00');
  await expect(creatorPage.getByTestId('earnings')).toContainText('30 credits');
  await expect(creatorPage.getByTestId('media-bubble').first()).toContainText('30 credits · Bought');
  await captureScreens(creatorPage, 'media-creator-after-sale');
  fs.rmSync(dir, { recursive: true, force: true });
});
