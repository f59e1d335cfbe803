import { closeVerifyPopup, expectShell, newAccount, signIn, signOut, signUp } from './support/accounts';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('a fan sees the rules of the sign-up form before anything is sent', async ({ page }) => {
  // The client checks the rules itself, for speed; the server repeats them.
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/v1/users/sign') && sent.push(r.url()));
  await page.goto('/login/signup');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Username', { exact: true }).fill('ab');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The validators' exact wording.
  await expect(page.getByText('Email is invalid', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Username should contain at least 3 characters', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/signup\/?$/);
  expect(sent).toEqual([]);
  await captureScreens(page, 'signup-errors');
});

test('a fan signs up, signs out, and signs in again with the username', async ({ page }) => {
  const fan = newAccount('fan');
  await signUp(page, fan, 'Fan', 'male');
  await expect(page).toHaveURL(/\/chats\/?$/);
  await closeVerifyPopup(page);
  await expectShell(page);
  await captureScreens(page, 'chats-new-fan');

  await signOut(page);

  await signIn(page, fan.username, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password.' })).toBeVisible();
  await captureScreens(page, 'signin-wrong-password');

  await signIn(page, fan.username, fan.password);
  await expectShell(page);
});
