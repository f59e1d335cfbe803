import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attach, makePhoto, openChatAsFan } from './support/media';
import { apiSignUp, giveCredits, openAs } from './support/money';
import { startOwnServer } from './support/own-server';
import { expect, type Page, test } from './support/test';

// Uploads with MEDIA_BASE_URL on another origin. The pages come from 127.0.0.1 and the media
// host is the same server reached as localhost: another origin and another site, so the upload,
// the availability check and every picture need CORS, the content security policy and the
// files' resource policy to let them through.
const PORT = Number(process.env.E2E_MEDIA_HOST_PORT ?? 8094);
const MEDIA_HOST = `http://localhost:${PORT}`;
let parlor: Awaited<ReturnType<typeof startOwnServer>>;

test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  parlor = await startOwnServer(PORT, { MEDIA_BASE_URL: MEDIA_HOST });
});
test.afterAll(async () => {
  await parlor?.stop();
});

/** Requests the page made that failed, and what the browser reported (CORS and CSP refusals). */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('requestfailed', (r) => problems.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

test('a creator sends a photo through a media host on another origin; the fan sees it', async ({
  browser,
  playwright,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-media-host-'));
  const photo = await makePhoto(dir);
  const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);

  const creatorPage = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
  const creatorProblems = watch(creatorPage);
  const mediaCalls: string[] = [];
  creatorPage.on('request', (r) => {
    if (r.url().includes('/v1/media')) mediaCalls.push(`${r.method()} ${r.url()}`);
  });
  await openAs(creatorPage, creator, `/chats/${fan.id}`);
  await attach(creatorPage, photo);
  await creatorPage
    .getByRole('dialog', { name: 'Send a photo' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(creatorPage.getByTestId('pending-media')).toHaveCount(0);
  const sent = creatorPage.getByTestId('media-bubble').locator('img').first();
  await expect.poll(() => sent.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await sent.getAttribute('src')).toMatch(new RegExp(`^${MEDIA_HOST}/v1/media/files/`));
  // The availability check and the upload went to the media host, across origins.
  expect(mediaCalls).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^GET ${MEDIA_HOST}/v1/media/available\\?`)),
      `POST ${MEDIA_HOST}/v1/media`,
    ]),
  );
  expect(creatorProblems).toEqual([]);

  const fanPage = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
  const fanProblems = watch(fanPage);
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  const received = fanPage.getByTestId('media-bubble').locator('img').first();
  await expect
    .poll(() => received.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect(fanProblems).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
