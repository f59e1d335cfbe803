import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as requestApi } from '@playwright/test';
import { startServerWithSmtp, startSmtp } from './support/mail-server';
import { makePhoto } from './support/media';
import { type ApiAccount, apiSignUp, dismissVerifyPopup, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// Setting a payout method needs a mailed code: this journey runs on a server of its own whose mail
// goes to an SMTP server started here (the run's shared server writes mail to its outbox).
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let parlor: Awaited<ReturnType<typeof startServerWithSmtp>>;
let api: APIRequestContext;
const PORT = Number(process.env.E2E_EARNINGS_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 50);

test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  parlor = await startServerWithSmtp(smtp.port, PORT);
  api = await requestApi.newContext({ baseURL: parlor.baseUrl });
});
test.afterAll(async () => {
  await api?.dispose();
  await parlor?.stop();
  await smtp?.close();
});

async function tip(fan: ApiAccount, creator: ApiAccount, amount: number) {
  const chat = await api.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id },
  });
  expect(chat.status()).toBe(200);
  const res = await api.post('/v1/tips', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id, chat_id: (await chat.json()).chat_id, amount },
  });
  expect(res.status()).toBe(200);
}

const earned = (page: Page) => page.getByTestId('earned-total');

test('a creator sees tips and a sale after the fee live, asks for a payout and sees it completed', async ({
  page,
  browser,
}) => {
  const fan = await apiSignUp(api, 'user');
  const creator = await apiSignUp(api, 'featured');
  await giveCredits(api, fan, 'popular');

  // 50 credits: the platform keeps 10, the creator 40 ($4.00).
  await tip(fan, creator, 50);
  await openAs(page, creator, `${parlor.baseUrl}/account`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Earnings', exact: true })
    .click();
  await expect(page).toHaveURL(/\/account\/earnings\/summary$/);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(earned(page)).toContainText('$4.00');
  await expect(earned(page)).toContainText('40 credits');
  await expect(page.getByText('What you keep, after the platform fee.')).toBeVisible();
  const tipsRow = page
    .getByRole('list', { name: 'Earned by type' })
    .getByRole('listitem')
    .filter({ hasText: 'Tips' });
  await expect(tipsRow).toContainText('$4.00');
  await expect(page.getByTestId('range-total')).toContainText('Last 30 days: $4.00');
  // The chart's figures for screen readers: today's tips.
  await expect(page.getByRole('table', { name: /Last 30 days, in dollars/ })).toContainText('$4.00');

  // A second tip, 33 credits: the platform's 20 % rounds down to 6, the creator keeps 27. The page
  // follows without a reload.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await tip(fan, creator, 33);
  await expect(earned(page)).toContainText('$6.70');
  await expect(page.getByTestId('range-total')).toContainText('Last 30 days: $6.70');
  await expect(tipsRow).toContainText('$6.70');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Pointing at today's bar shows its figures by type (the chart's tooltip).
  const plot = page.locator('.u-over');
  // The pointer can only point at what is on screen: the banners may push the chart below the fold.
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  const today = new Date().toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByTestId('chart-legend-head')).toContainText(today);
  await expect(page.getByTestId('chart-legend-head')).toContainText('$6.70');

  // 90 days and all time show the same money.
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByTestId('range-total')).toContainText('Last 90 days: $6.70');
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(page.getByRole('heading', { name: 'Earned all time' })).toBeVisible();
  await expect(earned(page)).toContainText('$6.70');

  // The export is the chosen range's day series.
  const csvLink = page.getByRole('link', { name: 'Export CSV' }).first();
  await expect(csvLink).toHaveAttribute('download', 'earnings-last-90-days.csv');
  const href = decodeURIComponent((await csvLink.getAttribute('href')) ?? '');
  expect(href).toContain('date,messages_usd,subscriptions_usd,tips_usd');
  expect(href).toMatch(/,0\.00,0\.00,6\.70,0\.00,0\.00,6\.70,/);

  // No payout method yet: the page sends the creator to the payout settings.
  await expect(page.getByRole('link', { name: 'Set your payout method' })).toHaveAttribute(
    'href',
    '/account/settings/payouts',
  );

  // Enough for a payout: 250 more (200 kept), $26.70 available.
  await tip(fan, creator, 250);
  await expect(page.getByTestId('balance-available')).toHaveText('$26.70');

  // The payout method, set on its settings screen with the mailed code.
  await page.getByRole('link', { name: 'Set your payout method' }).click();
  await page.getByLabel('Payout method').selectOption('bank_transfer');
  await page.getByLabel('IBAN').fill('DE89370400440532013000');
  await page.getByLabel('Account holder').fill('Pat Creator');
  await page.getByLabel('Payout country').selectOption('DE');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  // The country can be set once: the screen names it and asks before saving.
  await page
    .getByRole('dialog', { name: 'Set your payout country to Germany?' })
    .getByRole('button', { name: 'Set Germany and save' })
    .click();
  const verify = page.getByRole('dialog', { name: 'Verification required' });
  await expect(verify).toBeVisible();
  // The sign-up mail is the first; the payout change code the second.
  const code = await smtp.code(`${creator.username}@example.com`, 2);
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code, { delay: 30 });
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(verify).toBeHidden();
  await expect(page.getByText(/Currently: Bank transfer/)).toBeVisible();
  await page.goto(`${parlor.baseUrl}/account/earnings/summary`);
  await dismissVerifyPopup(page);
  await expect(page.getByText('Bank transfer', { exact: true })).toBeVisible();
  await expect(page.getByText(/3000$/)).toBeVisible();
  const amount = page.getByLabel('Amount to withdraw (USD)');
  await expect(amount).toHaveValue('26.70');
  await amount.fill('12');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('The minimum payout is $20.00.')).toBeVisible();
  await amount.fill('25');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout of $25.00 requested.')).toBeVisible();
  const history = page.getByTestId('payouts-table');
  const first = history.getByRole('row').nth(1);
  await expect(first).toContainText('$25.00');
  await expect(first).toContainText('Bank transfer');
  await expect(first).toContainText('Pending');
  await expect(page.getByTestId('balance-available')).toHaveText('$1.70');
  await expect(page.getByTestId('balance-pending')).toHaveText('$25.00');
  await captureScreens(page, 'creator-earnings');

  // A second one while the first waits: the server's 409, as it came.
  await amount.fill('20');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You already have a payout waiting to be completed.' }),
  ).toBeVisible();

  // An admin completes it in the console: the popup with the amount, the row completed, paid out moves.
  const admin = await api.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  const adminToken = (await admin.json()).access_token;
  const adminContext = await browser.newContext();
  const console_ = await adminContext.newPage();
  await console_.addInitScript((token) => window.localStorage.setItem('auth-token', token), adminToken);
  await console_.goto(`${parlor.baseUrl}/admin`);
  await console_.getByRole('link', { name: 'Payouts' }).click();
  const row = console_.getByRole('row').filter({ hasText: `@${creator.username}` });
  await expect(row).toContainText('$25.00');
  await row.getByRole('button', { name: 'Complete payout', exact: true }).click();
  const decision = console_.getByRole('dialog', { name: /^Complete payout/ });
  await decision.getByRole('button', { name: 'Complete payout', exact: true }).click();
  await expect(decision).toBeHidden();
  await expect(row).toBeHidden();
  const popup = page.getByRole('dialog', { name: 'Payout completed' });
  await expect(popup).toContainText('$25.00');
  await captureScreens(page, 'payout-completed');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(first).toContainText('Completed');
  await expect(page.getByText('You already have a payout waiting to be completed.')).toBeHidden();
  await expect(page.getByTestId('balance-paid')).toHaveText('$25.00');
  await expect(page.getByTestId('balance-pending')).toHaveText('$0.00');

  // The AML form from its link: sent, its status is shown as being checked.
  const aml = page.getByRole('region', { name: 'Anti-money-laundering check' });
  await aml.getByRole('button', { name: 'Fill in the form' }).click();
  const form = page.getByRole('form', { name: 'Anti-money-laundering form' });
  await form.getByRole('button', { name: 'Send for checking' }).click();
  await expect(form.getByText('Enter your full name')).toBeVisible();
  await form.getByLabel('Full name').fill('Pat Creator');
  await form.getByLabel('Date of birth').fill('1990-04-23');
  await form.getByLabel('Address').fill('1 Market Street');
  await form.getByLabel('City').fill('Lisbon');
  await form.getByLabel('Postal code').fill('1100-148');
  await form.getByLabel('Country').selectOption('PT');
  await form.getByRole('button', { name: 'Send for checking' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('aml-status')).toHaveText('Being checked');

  // The fan buys a paid photo: 30 credits, 24 kept ($2.40), under messages, without a reload.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-earnings-'));
  const photo = fs.readFileSync(await makePhoto(dir, 'for-sale.jpg', '#3a6ea5'));
  const uploaded = await api.post('/v1/media', {
    headers: { 'access-token': creator.token },
    multipart: {
      type: 'paid_message',
      md5: createHash('md5').update(photo).digest('hex'),
      file_size: String(photo.length),
      file: { name: 'for-sale.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(uploaded.status()).toBe(200);
  const paidMessage = await api.post('/v1/messages', {
    headers: { 'access-token': creator.token },
    data: {
      type: 'image',
      recipient_id: fan.id,
      public_id: (await uploaded.json()).media.public_id,
      price: 30,
    },
  });
  expect(paidMessage.status()).toBe(200);
  const bought = await api.patch(`/v1/messages/${(await paidMessage.json()).message._id}/buy`, {
    headers: { 'access-token': fan.token },
  });
  expect(bought.status()).toBe(200);
  const messagesRow = page
    .getByRole('list', { name: 'Earned by type' })
    .getByRole('listitem')
    .filter({ hasText: 'Messages' });
  await expect(messagesRow).toContainText('$2.40');
  await expect(earned(page)).toContainText('$29.10');
  fs.rmSync(dir, { recursive: true, force: true });
});
