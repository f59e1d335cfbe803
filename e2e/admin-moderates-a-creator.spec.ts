import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makePhoto } from './support/media';
import { type ApiAccount, apiSignUp, dismissVerifyPopup, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// Moderation (docs/moderation.md): a fan applies and sends ID photos, the demo's admin
// approves both in /admin, the new creator hears it live and shows in Discover; then a fan reports
// her, and the admin works the report: freeze, then ban, each seen live on her open page.

test.describe.configure({ timeout: 150_000 });

let dir: string;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-moderation-'));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function pageAs(browser: Browser, account: ApiAccount, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, account, url);
  return page;
}

/** Every image inside has loaded (the ID documents come through signed, admin-only URLs). */
async function expectImagesLoaded(scope: ReturnType<Page['locator']>) {
  await expect
    .poll(() =>
      scope
        .locator('img')
        .evaluateAll(
          (imgs) => imgs.length === 2 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
}

async function confirmAction(page: Page, scope: ReturnType<Page['locator']>, action: string, text?: string) {
  await scope.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${action}:`) });
  await expect(dialog).toBeVisible();
  if (text !== undefined) await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an admin approves an applicant, then freezes and bans her after a report', async ({
  browser,
  page,
  request,
}) => {
  const idPhoto = await makePhoto(dir, 'id-card.jpg', '#3a6ea5');
  const selfie = await makePhoto(dir, 'selfie.jpg', '#c0607a');

  // None of the console reaches anyone but an admin: its chunk is never fetched for her.
  const consoleChunks: string[] = [];
  page.on('request', (r) => {
    if (/AdminConsole/.test(r.url())) consoleChunks.push(r.url());
  });

  // A fan applies and sends a photo of her ID and a selfie.
  const applicant = await apiSignUp(request, 'user');
  await openAs(page, applicant, '/account');
  await page.getByRole('link', { name: /Become a creator/ }).click();
  await expect(page).toHaveURL(/\/account\/become-creator$/);
  await page.getByRole('textbox', { name: /Tell us about yourself/ }).fill('I sing and chat with fans.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Application received.')).toBeVisible();
  await page.getByLabel('Photo of your ID').setInputFiles(idPhoto);
  await expect(page.getByRole('img', { name: 'Photo of your ID' })).toBeVisible();
  await page.getByLabel('Selfie').setInputFiles(selfie);
  await expect(page.getByRole('img', { name: 'Selfie' })).toBeVisible();
  await captureScreens(page, 'become-creator');
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Your ID is being reviewed.')).toBeVisible();

  // The admin reviews the documents side by side and approves the ID, then the application.
  const login = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  const adminBody = await login.json();
  const admin: ApiAccount = { token: adminBody.access_token, id: adminBody.user._id, username: 'admin' };
  const console_ = await pageAs(browser, admin, '/account');
  // The account menu's entry (the header and the nav have their own way to the console).
  await console_
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('link', { name: /Moderation/ })
    .click();
  await expect(console_.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await console_.getByRole('link', { name: 'ID checks' }).click();
  const idCheck = console_.getByRole('article', { name: `ID check of ${applicant.username}` });
  await expect(idCheck).toBeVisible();
  await expect(idCheck.getByRole('img', { name: 'Photo of the ID' })).toBeVisible();
  await expect(idCheck.getByRole('img', { name: 'Selfie' })).toBeVisible();
  await expectImagesLoaded(idCheck);
  await captureScreens(console_, 'admin-id-checks');
  await confirmAction(console_, idCheck, 'Approve ID');
  await expect(idCheck).toBeHidden();

  await console_.getByRole('link', { name: 'Applications' }).click();
  const application = console_.getByRole('article', { name: `Application of ${applicant.username}` });
  await expect(application).toContainText('I sing and chat with fans.');
  await confirmAction(console_, application, 'Approve application');
  await expect(application).toBeHidden();

  // The new creator sees it live, without a reload.
  await expect(page.getByRole('dialog', { name: 'ACCOUNT VERIFIED!' })).toBeVisible();
  await expect(page.getByText('Congratulations! Your account has been verified.')).toBeVisible();

  // A fan finds her in Discover, chats with her and reports her.
  const fan = await apiSignUp(request, 'user');
  await giveCredits(request, fan);
  const fanPage = await pageAs(browser, fan, '/discover');
  await fanPage.getByRole('searchbox', { name: 'Search creators' }).fill(applicant.username);
  await expect(
    fanPage
      .getByRole('list', { name: 'Creators' })
      .getByRole('link', { name: applicant.username, exact: true }),
  ).toBeVisible();
  const chat = await request.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: applicant.id },
  });
  expect(chat.status()).toBe(200);
  const pitch = 'Pay me on another site, it is cheaper there';
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': applicant.token },
    data: { type: 'text', recipient_id: fan.id, text: pitch },
  });
  expect(sent.status()).toBe(200);
  const report = await request.patch('/v1/chats', {
    headers: { 'access-token': fan.token },
    data: {
      action: 'report',
      ids: applicant.id,
      reason: 'Asks for payment elsewhere',
    },
  });
  expect(report.status()).toBe(200);

  // Her page, open on that chat.
  await page.goto(`/chats/${fan.id}`);
  await dismissVerifyPopup(page);
  await expect(page.getByText(pitch, { exact: true })).toBeVisible();

  // The admin reads the report with the chat as context and freezes her.
  await console_.getByRole('link', { name: 'Reports' }).click();
  const reported = console_.getByRole('article', { name: `Report on ${applicant.username}` });
  await expect(reported).toContainText('Asks for payment elsewhere');
  await expect(reported.getByRole('region', { name: 'Chat context' })).toContainText(pitch);
  await captureScreens(console_, 'admin-reports');
  await confirmAction(console_, reported, 'Freeze', 'Please answer Parlor support about payments.');

  // Her open page shows the frozen popup live, with the admin's message (every write is a 423 now).
  const frozen = page.getByRole('dialog', { name: 'Your account is frozen' });
  await expect(frozen).toBeVisible();
  await expect(frozen).toContainText('Please answer Parlor support about payments.');

  // Then the admin bans her: her open page shows the terminated popup with the reason.
  await expect(reported.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
  await confirmAction(console_, reported, 'Ban', 'Asking fans to pay outside Parlor');
  const terminated = page.getByRole('dialog', { name: 'Account terminated' });
  await expect(terminated).toBeVisible();
  await expect(terminated).toContainText('Asking fans to pay outside Parlor');
  // It stays: the closed socket does not swap it for the sign-in screen.
  await page.waitForTimeout(1_500);
  await expect(terminated).toContainText('Asking fans to pay outside Parlor');
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));

  expect(consoleChunks).toEqual([]);

  // Every step is in the audit log.
  await console_.getByRole('link', { name: 'Audit log' }).click();
  const log = console_.getByRole('table');
  for (const action of ['approve-id', 'approve-enquiry', 'freeze', 'ban']) {
    await expect(
      log.getByRole('row').filter({ hasText: action }).filter({ hasText: applicant.username }).first(),
    ).toBeVisible();
  }
  await captureScreens(console_, 'admin-audit');
});
