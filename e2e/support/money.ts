import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface ApiAccount {
  token: string;
  id: string;
  username: string;
}

/**
 * Signs up through the API (faster than the form, which has its own journey) and answers the token.
 * A creator is approved by the demo's admin at once: fans cannot pay a creator awaiting moderation.
 */
export async function apiSignUp(request: APIRequestContext, type: 'user' | 'featured'): Promise<ApiAccount> {
  const username = `${type === 'user' ? 'payfan' : 'paycreator'}-${randomBytes(4).toString('hex')}`;
  const res = await request.post('/v1/users/sign', {
    data: {
      email: `${username}@example.com`,
      password: 'correct-horse-9',
      username,
      type,
      gender: 'male',
      confirm_adult: true,
      accept_terms: true,
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  if (type === 'featured') await approve(request, body.user._id);
  return { token: body.access_token, id: body.user._id, username };
}

/** Signs in as the demo's admin through the API. */
export async function demoAdmin(request: APIRequestContext): Promise<ApiAccount> {
  const res = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { token: body.access_token, id: body.user._id, username: body.user.username };
}

async function approve(request: APIRequestContext, creatorId: string) {
  const admin = await demoAdmin(request);
  const res = await request.post(`/v1/admin/users/${creatorId}/approve`, {
    headers: { 'access-token': admin.token },
  });
  expect(res.status()).toBe(200);
}

/** Opens the app signed in as `account` (the web client keeps its token under auth-token). */
export async function openAs(page: Page, account: ApiAccount, path: string) {
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), account.token);
  await page.goto(path);
  await dismissVerifyPopup(page);
}

/** New accounts are asked to verify their email; these journeys are about money, so close it. */
export async function dismissVerifyPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Please verify your email' });
  try {
    await dialog.waitFor({ state: 'visible', timeout: 2_500 });
  } catch {
    return;
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

export const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

export async function fillCard(page: Page, number: string, expiry = FUTURE_EXPIRY) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Pat Fan');
}

/** The header's balance link reads "N credits". */
export async function expectBalance(page: Page, credits: number) {
  await expect(page.getByRole('banner').getByText(`${credits} credits`, { exact: true })).toBeVisible();
}

export async function giveCredits(request: APIRequestContext, account: ApiAccount, packageId = 'starter') {
  const res = await request.post('/v1/payment', {
    headers: { 'access-token': account.token },
    data: {
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
        name: 'Pat Fan',
      },
      package_id: packageId,
      idempotency_key: `e2e-${randomBytes(6).toString('hex')}`,
    },
  });
  expect((await res.json()).result).toBe(true);
}

/** The fan subscribes to the creator through the API, at the creator's price. */
export async function subscribeByApi(request: APIRequestContext, fan: ApiAccount, creator: ApiAccount) {
  const res = await request.post('/v1/subscriptions', {
    headers: { 'access-token': fan.token },
    data: { model_id: creator.id, idempotency_key: `e2e-${randomBytes(6).toString('hex')}` },
  });
  expect(res.status()).toBe(200);
}
