import { closeVerifyPopup, expectShell, newAccount, signIn, signUp } from './support/accounts';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('a fan sees the devices signed in and signs out the other one, which is sent to sign-in at once', async ({
  page,
  browser,
}) => {
  const fan = newAccount('fan');
  await signUp(page, fan, 'Fan', 'female');
  await closeVerifyPopup(page);
  await expectShell(page);

  // A second device: another browser context, signed in with the same account.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, fan.username, fan.password);
  await expectShell(phone);

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /Sessions/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\/sessions\/?$/);
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.nth(1)).not.toContainText('This device');
  await captureScreens(page, 'settings-sessions');

  await sessions
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(sessions).toHaveCount(1);
  // The other device's live connection was closed with its session: it starts over at sign-in.
  await expect(phone).toHaveURL(/\/login\/?$/);
  await other.close();

  // This device is still signed in, and can sign itself out from the list.
  await page.reload();
  await expect(sessions).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out this device' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
});
