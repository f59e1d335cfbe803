import type { APIRequestContext, Page } from '@playwright/test';
import { dismissVerifyPopup } from './support/money';
import { expect, test } from './support/test';

// Issue 17, keep it fixed: the main screens at phone and desktop width, compared with their
// approved pictures (e2e/screens-look.spec.ts-snapshots/; `npm test -w e2e -- screens-look
// --update-snapshots` approves a change on purpose). What moves by itself (clock times, presence)
// is masked. The accounts are made here with fixed names: every run has a fresh database.

const SIZES = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;

interface Account {
  token: string;
  id: string;
}

async function account(request: APIRequestContext, username: string, type: 'user' | 'featured') {
  const res = await request.post('/v1/users/sign', {
    data: {
      email: `${username}@example.com`,
      password: 'correct-horse-9',
      username,
      type,
      gender: 'female',
      confirm_adult: true,
      accept_terms: true,
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { token: body.access_token as string, id: body.user._id as string };
}

async function approve(request: APIRequestContext, id: string) {
  const admin = await (
    await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } })
  ).json();
  const res = await request.post(`/v1/admin/users/${id}/approve`, {
    headers: { 'access-token': admin.access_token },
  });
  expect(res.status()).toBe(200);
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Layout settles (the inbox and conversation measure their panes).
    await page.waitForTimeout(400);
    await expect(page).toHaveScreenshot(`${name}-${size.width}.png`, {
      mask: [page.locator('time'), page.getByTestId('presence')],
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.01,
    });
  }
}

async function openAs(page: Page, who: Account, path: string) {
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), who.token);
  await page.goto(path);
  await dismissVerifyPopup(page);
}

test('the main screens look as approved at 375 and 1440 px', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const fan = await account(request, 'lookfan', 'user');
  const creator = await account(request, 'lookcreator', 'featured');
  await approve(request, creator.id);
  await request.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id },
  });
  for (const text of ['Hi! I loved your last post.', 'What camera do you use?']) {
    await request.post('/v1/messages', {
      headers: { 'access-token': fan.token },
      data: { recipient_id: creator.id, text },
    });
  }

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto('/login');
  await expect(signedOut.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shoot(signedOut, 'sign-in');

  const fanPage = await (await browser.newContext()).newPage();
  await openAs(fanPage, fan, '/chats');
  await expect(fanPage.getByText('What camera do you use?')).toBeVisible();
  await shoot(fanPage, 'fan-inbox');
  await fanPage.goto(`/chats/${creator.id}`);
  await expect(
    fanPage.getByRole('log', { name: 'Messages' }).getByText('What camera do you use?'),
  ).toBeVisible();
  await shoot(fanPage, 'fan-conversation');
  await fanPage.goto('/account');
  await expect(fanPage.getByRole('heading', { name: 'Account' })).toBeVisible();
  await shoot(fanPage, 'fan-account');
  await fanPage.goto('/account/get-credits');
  await expect(fanPage.getByRole('radio', { name: '100 credits for $10.00' })).toBeVisible();
  await shoot(fanPage, 'get-credits');

  const creatorPage = await (await browser.newContext()).newPage();
  await openAs(creatorPage, creator, `/chats/${fan.id}`);
  await expect(
    creatorPage.getByRole('log', { name: 'Messages' }).getByText('What camera do you use?'),
  ).toBeVisible();
  await shoot(creatorPage, 'creator-conversation');
  await creatorPage.goto('/account');
  await expect(creatorPage.getByTestId('today-earnings')).toContainText('Today $0.00');
  await shoot(creatorPage, 'creator-account');
});
