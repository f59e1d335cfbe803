import type { APIRequestContext, Page } from '@playwright/test';
import { acceptSignUpTerms, newAccount } from './support/accounts';
import { watchAdded } from './support/added';
import { type ApiAccount, apiSignUp, dismissVerifyPopup } from './support/money';
import { startOwnServer } from './support/own-server';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// The popups that come from the account (docs/banners-and-popups.md): an area's intro on its first
// visit, never again once closed, on any device; and the admin's global warning, live for those
// online. The run's shared server turns intros off (INTRO_POPUPS=false) so other journeys are not
// covered by them: these run on a server of their own with intros on.

// Not E2E_PORT + 100 (the second server process on PostgreSQL with Redis), nor +50/+60 (other journeys).
const OWN_PORT = Number(process.env.E2E_INTROS_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 70);

async function signInAgain(request: APIRequestContext, account: ApiAccount): Promise<ApiAccount> {
  const res = await request.post('/v1/auth', {
    data: { login: account.username, password: 'correct-horse-9' },
  });
  expect(res.status()).toBe(200);
  return { ...account, token: (await res.json()).access_token };
}

/** Opens `path` signed in, and answers once the intros the account has seen were read. */
async function open(page: Page, account: ApiAccount, path: string) {
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), account.token);
  const intros = page.waitForResponse(
    (r) => r.url().includes('/v1/users/intros') && r.request().method() === 'GET',
  );
  await page.goto(path);
  await intros;
}

test.describe('on a server with the area intros on', () => {
  let parlor: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    parlor = await startOwnServer(OWN_PORT, { INTRO_POPUPS: 'true' });
  });
  test.afterAll(async () => parlor?.stop());

  test('a new fan sees the Discover intro once, on this device and on another', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
    const fan = await apiSignUp(request, 'user');

    const context = await browser.newContext({ baseURL: parlor.baseUrl });
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, fan, '/discover');
    // The new account's verify-email popup may come first: close it, then the intro shows.
    await dismissVerifyPopup(page);
    const intro = page.getByRole('dialog', { name: 'Welcome to Discover' });
    await expect(intro).toBeVisible();
    await expect(intro).toContainText('Browse creators and find someone you would like to chat with.');
    await expect(intro).toContainText("Tap a card to open a creator's profile");
    await captureScreens(page, 'intro-discover');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/users/intros') && r.request().method() === 'POST',
    );
    await intro.getByRole('button', { name: 'Got it' }).click();
    await expect(intro).toBeHidden();
    expect((await saved).status()).toBe(200);
    await dismissVerifyPopup(page);

    // Reloaded: not again.
    const reread = page.waitForResponse((r) => r.url().includes('/v1/users/intros'));
    await page.reload();
    await reread;
    await dismissVerifyPopup(page);
    await expect(page.getByRole('dialog', { name: 'Welcome to Discover' })).toHaveCount(0);

    // Another browser, another session of the same account: not there either; the next area's is.
    const other = await browser.newContext({ baseURL: parlor.baseUrl });
    const otherPage = await other.newPage();
    await open(otherPage, await signInAgain(request, fan), '/discover');
    await dismissVerifyPopup(otherPage);
    await expect(otherPage.getByRole('dialog', { name: 'Welcome to Discover' })).toHaveCount(0);
    await otherPage.getByRole('link', { name: 'Chats', exact: true }).click();
    const chats = otherPage.getByRole('dialog', { name: 'Your chats' });
    await expect(chats).toBeVisible();
    await expect(chats).toContainText('Every conversation you have with a creator is kept here.');
    await chats.getByRole('button', { name: 'Got it' }).click();
    await expect(chats).toBeHidden();
  });

  test('a newcomer who signs up gets one sheet: the code; the next area opened has its intro', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const fan = newAccount('onefan');
    const page = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login/signup');
    await page.getByLabel('Email', { exact: true }).fill(fan.email);
    await page.getByLabel('Username', { exact: true }).fill(fan.username);
    await page.getByLabel('Password', { exact: true }).fill(fan.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(fan.password);
    await page.getByLabel('Gender', { exact: true }).selectOption('female');
    await acceptSignUpTerms(page);
    const intros = page.waitForResponse(
      (r) => r.url().includes('/v1/users/intros') && r.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    await intros;

    // The inbox's tour does not stack on the code sheet, nor follow it there.
    const code = page.getByRole('dialog', { name: 'Please verify your email' });
    await expect(code).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await captureScreens(page, 'signup-one-sheet');
    await code.getByRole('button', { name: 'Close' }).click();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Discover, opened next, has its intro as any first visit does.
    await page.getByRole('link', { name: 'Discover', exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Discover' })).toBeVisible();
  });

  test("an intro's words are fully visible in the first frame it is drawn", async ({
    browser,
    playwright,
  }) => {
    // Only the shade fades in and the dialog rises by transform (ui/Dialog.module.css): drawn at
    // opacity 0 first, the intro (the largest thing on the first screen) counted as shown only once
    // its fade had run and the busy page got round to painting again.
    const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
    const fan = await apiSignUp(request, 'user');
    const page = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
    const dialogs = await watchAdded(page, '[role=dialog]');
    await open(page, fan, '/chats');
    await dismissVerifyPopup(page);
    await expect(page.getByRole('dialog', { name: 'Your chats' })).toBeVisible();
    const drawn = (await dialogs.added()).map((dialog) => dialog.opacity);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn).toEqual(drawn.map(() => 1));
  });

  test('an admin sets a global warning: a fan online sees it live, once; clearing it hides it', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
    const fan = await apiSignUp(request, 'user');
    const adminAuth = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
    const admin: ApiAccount = { token: (await adminAuth.json()).access_token, id: '', username: 'admin' };

    // The fan is on a page without an area intro, online.
    const fanPage = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
    await open(fanPage, fan, '/feed');
    await dismissVerifyPopup(fanPage);
    await expect(fanPage.getByRole('dialog', { name: 'Notice from Parlor' })).toHaveCount(0);
    // Online means the page's connection is up: the notice goes live to those.
    await expect
      .poll(async () => (await (await request.get(`/v1/users/${fan.username}`)).json()).is_online)
      .toBe(true);

    const adminPage = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
    await open(adminPage, admin, '/admin');
    await dismissVerifyPopup(adminPage);
    const card = adminPage.getByRole('region', { name: 'Global warning' });
    await expect(card).toContainText('No warning is showing.');
    const message = 'Parlor will be down for maintenance on Sunday from 02:00 to 03:00 UTC.';
    await card.getByLabel('Message to every user').fill(message);
    await card.getByRole('button', { name: 'Show to everyone' }).click();
    await expect(card.getByTestId('current-notice')).toContainText(message);
    await captureScreens(adminPage, 'admin-global-warning');

    const popup = fanPage.getByRole('dialog', { name: 'Notice from Parlor' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(message);
    const dismissed = fanPage.waitForResponse((r) => r.url().includes('/dismiss'));
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    expect((await dismissed).status()).toBe(204);

    // Closed once means closed: a reload does not bring it back.
    const reread = fanPage.waitForResponse((r) => r.url().endsWith('/v1/notice'));
    await fanPage.reload();
    await reread;
    await dismissVerifyPopup(fanPage);
    await expect(fanPage.getByRole('dialog', { name: 'Notice from Parlor' })).toHaveCount(0);

    // Someone who was not online sees it at the next load; the admin's action is in the audit log.
    const late = await apiSignUp(request, 'user');
    const latePage = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
    await open(latePage, late, '/feed');
    await dismissVerifyPopup(latePage);
    await expect(latePage.getByRole('dialog', { name: 'Notice from Parlor' })).toContainText(message);

    await card.getByRole('button', { name: 'Clear warning' }).click();
    await expect(card).toContainText('No warning is showing.');
    await expect(latePage.getByRole('dialog', { name: 'Notice from Parlor' })).toHaveCount(0);
    await adminPage.getByRole('link', { name: 'Audit log' }).click();
    await expect(adminPage.getByText('notice-set').first()).toBeVisible();
    await expect(adminPage.getByText('notice-clear').first()).toBeVisible();
  });
});
