import { acceptSignUpTerms, closeVerifyPopup, expectShell, newAccount, signUp } from './support/accounts';
import { expect, test } from './support/test';

test('a creator shares the referral link and the creator who signs up through it is on the list', async ({
  page,
  context,
  browser,
}) => {
  const referrer = newAccount('referrer');
  await signUp(page, referrer, 'Creator', 'female');
  await closeVerifyPopup(page);
  await expectShell(page);

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /Referrals/ }).click();
  await expect(page).toHaveURL(/\/account\/referrals$/);
  await expect(page.getByRole('main').getByText(referrer.username, { exact: true })).toBeVisible();
  await expect(page.getByText('No referrals yet')).toBeVisible();

  // How it works: the creator version of the popup names both commissions.
  await page.getByRole('button', { name: 'How it works' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText(/5 % of what they earn/)).toBeVisible();
  await expect(popup.getByText(/10 % of the credits they buy/)).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await expect(popup).toBeHidden();

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/login/signup\\?code=${referrer.username}$`));

  // A new creator opens the link in their own browser: the code is filled in already.
  const other = await browser.newContext({ baseURL: new URL(link).origin });
  const newcomerPage = await other.newPage();
  const newcomer = newAccount('referred');
  await newcomerPage.goto(link);
  await expect(newcomerPage.getByLabel('Referral code (optional)')).toHaveValue(referrer.username);
  await newcomerPage.getByLabel('Email', { exact: true }).fill(newcomer.email);
  await newcomerPage.getByLabel('Username', { exact: true }).fill(newcomer.username);
  await newcomerPage.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await newcomerPage.getByLabel('Confirm password', { exact: true }).fill(newcomer.password);
  await newcomerPage.getByRole('radio', { name: 'Creator', exact: true }).check();
  await newcomerPage.getByLabel('Gender', { exact: true }).selectOption('male');
  await acceptSignUpTerms(newcomerPage);
  await newcomerPage.getByRole('button', { name: 'Create account' }).click();
  await closeVerifyPopup(newcomerPage);

  await page.reload();
  const row = page.getByTestId('referral').filter({ hasText: newcomer.username });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Creator');
  await expect(row).toContainText('0 credits ($0.00)');
});
