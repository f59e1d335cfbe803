import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiAccount } from './money';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Fixtures are made here, not committed: sharp (the server's dependency) for the photo, ffmpeg for the video.
const sharp = createRequire(path.join(root, 'apps/server/package.json'))(
  'sharp',
) as typeof import('sharp').default;

/** A 3000 x 2000 sunset; another `name` and `sky` make another file (uploads are known by md5). */
export async function makePhoto(dir: string, name = 'sunset.jpg', sky = '#f28c28'): Promise<string> {
  const file = path.join(dir, name);
  const svg = `<svg width="3000" height="2000"><rect width="3000" height="2000" fill="${sky}"/><circle cx="1500" cy="1300" r="600" fill="#ffd23f"/><rect y="1400" width="3000" height="600" fill="#2b4162"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

export function makeVideo(dir: string): string {
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

export async function attach(page: Page, file: string) {
  await page.getByRole('button', { name: 'Attach a photo, video or GIF' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(file);
}

export async function openChatAsFan(request: APIRequestContext, fan: ApiAccount, creator: ApiAccount) {
  const res = await request.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id },
  });
  expect(res.status()).toBe(200);
}

/**
 * Holds every upload to the media host (`POST /v1/media`) until the page gives up on it (Leave
 * aborts the request), so an upload is still running when a test tries to leave; answers how many
 * began.
 */
export async function holdUploads(page: Page) {
  const started = { count: 0 };
  await page.route('**/v1/media', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    started.count++;
    await new Promise(() => undefined);
  });
  return started;
}

/**
 * Sends `photo` in the open conversation while uploads are held (`holdUploads`): the photo stays a
 * pending bubble and its upload is running when this returns.
 */
export async function sendHeldPhoto(page: Page, photo: string, uploads: { count: number }) {
  const before = uploads.count;
  await attach(page, photo);
  await page
    .getByRole('dialog', { name: 'Send a photo' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(page.getByTestId('pending-media')).toHaveCount(1);
  await expect.poll(() => uploads.count).toBe(before + 1);
}
