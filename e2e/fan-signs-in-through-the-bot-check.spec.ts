import { expectShell, newAccount } from './support/accounts';
import { startOwnServer } from './support/own-server';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// The bot-check (BOT_CHECK_KEY): the sign-in and sign-up forms show ALTCHA's widget, which solves a
// proof of work from this server in the browser; each try spends its solution. It runs on a server
// of its own, started with the key, so the suite's shared server keeps its forms as they were.

// Not +50/+60/+70/+71 (other journeys' servers) nor +100 (the second server process).
const OWN_PORT = Number(process.env.E2E_BOT_CHECK_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 80);

let parlor: Awaited<ReturnType<typeof startOwnServer>>;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  parlor = await startOwnServer(OWN_PORT, { BOT_CHECK_KEY: 'e2e-bot-check-key-0123456789' });
});
test.afterAll(async () => parlor?.stop());

/** Every request the page makes goes to this server: nothing of the check is fetched elsewhere. */
function watchOrigins(page: Page): string[] {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(parlor.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'))
      elsewhere.push(url);
  });
  return elsewhere;
}

test('a fan signs in through the bot-check, a wrong password spending its solution', async ({ page }) => {
  test.setTimeout(90_000);
  const elsewhere = watchOrigins(page);
  const challenges: string[] = [];
  page.on('request', (r) => r.url().endsWith('/v1/auth/challenge') && challenges.push(r.url()));
  await page.goto(`${parlor.baseUrl}/login`);
  const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(robot).toBeVisible();
  await captureScreens(page, 'signin-bot-check');

  // Starting on the form starts the check; it says so when it is done.
  await page.getByLabel('Email or username', { exact: true }).fill('alex');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password.' })).toBeVisible();

  // The next try solves a new challenge when it is sent.
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectShell(page);
  expect(challenges.length).toBeGreaterThanOrEqual(2);
  expect(elsewhere).toEqual([]);
});

test('a new fan signs up with the bot-check ticked by hand', async ({ page }) => {
  test.setTimeout(90_000);
  const fan = newAccount('robotless');
  await page.goto(`${parlor.baseUrl}/login/signup`);
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
  // A person clicks the box's label (the drawn box covers the native input).
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email', { exact: true }).fill(fan.email);
  await page.getByLabel('Username', { exact: true }).fill(fan.username);
  await page.getByLabel('Password', { exact: true }).fill(fan.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(fan.password);
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Terms of Service and Privacy Policy' }).check();
  await captureScreens(page, 'signup-bot-check');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/chats\/?$/);
});
