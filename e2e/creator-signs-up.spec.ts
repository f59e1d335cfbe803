import { closeVerifyPopup, expectShell, newAccount, signUp } from './support/accounts';
import { expect, test } from './support/test';

test('a creator signs up and the account is a creator account', async ({ page }) => {
  const creator = newAccount('creator');
  const signed = page.waitForResponse(
    (r) => r.url().endsWith('/v1/users/sign') && r.request().method() === 'POST',
  );
  await signUp(page, creator, 'Creator', 'female');

  // The server, not the form, decides the account type: read what it answered.
  const response = await signed;
  expect(response.status()).toBe(201);
  expect((await response.json()).user).toMatchObject({ username: creator.username, type: 'featured' });

  await closeVerifyPopup(page);
  await expectShell(page);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/?$/);
  await expect(page.getByRole('main').getByText('Creator', { exact: true }).first()).toBeVisible();
});
