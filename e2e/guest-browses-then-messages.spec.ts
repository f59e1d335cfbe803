import type { Page } from '@playwright/test';
import { apiSignUp } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// A visitor without an account browses Discover and a creator's page (public data only), and
// whatever needs an account asks them to sign in, then brings them back to where they were.

const grid = (page: Page) => page.getByRole('list', { name: 'Creators' });

test('a visitor opens Discover and a creator, taps Message, signs in and lands in her chat', async ({
  page,
}) => {
  // The front door without a session is Discover.
  await page.goto('/');
  await expect(page).toHaveURL(/\/discover$/);
  await expect(grid(page).getByRole('link', { name: 'mila', exact: true })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await captureScreens(page, 'guest-discover');

  await grid(page).getByRole('link', { name: 'mila', exact: true }).click();
  await expect(page).toHaveURL(/\/mila$/);
  await expect(page.getByRole('heading', { name: 'mila', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message' })).toBeVisible();
  await captureScreens(page, 'guest-creator');

  await page.getByRole('button', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fmila%3Fthen%3Dmessage$/);
  await page.getByLabel('Email or username', { exact: true }).fill('alex');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Back on her page, which carries on with Message: the conversation opens.
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  await expect(page.getByRole('region', { name: 'Conversation with mila' })).toBeVisible();
});

test('a visitor who taps Follow on a card follows her once signed in', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  await page.goto('/discover');
  const card = grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'luna', exact: true }) });
  await card.getByRole('button', { name: /^Follow/ }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fluna%3Fthen%3Dfollow$/);
  await page.getByLabel('Email or username', { exact: true }).fill(fan.username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/luna$/);
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  // The server has it: a reload still shows her followed.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
});
