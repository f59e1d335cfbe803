import { apiSignUp, expectBalance, fillCard, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('a fan buys credits with a plain card, saves it, pays with it again, and deletes it', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account/get-credits');
  await expect(page.getByRole('heading', { name: 'Get credits' })).toBeVisible();
  await expect(page.getByText('Balance: 0 credits ($0.00)')).toBeVisible();
  await page.getByRole('radio', { name: '100 credits for $10.00' }).check();
  await captureScreens(page, 'get-credits');

  // The form's own rules first: a wrong number and an expired card are refused before sending.
  await fillCard(page, '4242 4242 4242 4241', '01/20');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByText('Card number is invalid')).toBeVisible();
  await expect(page.getByText('Credit / debit card expired')).toBeVisible();
  await captureScreens(page, 'get-credits-errors');

  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Save this card for next time')).toBeChecked();
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expectBalance(page, 100);

  // The saved card is offered (brand and last four only) and pays at once.
  const saved = page.getByRole('radio', { name: /Visa •••• 4242/ });
  await expect(saved).toBeChecked();
  await page.getByRole('radio', { name: '260 credits for $25.00' }).check();
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expectBalance(page, 360);
  await captureScreens(page, 'get-credits-saved-card');

  // A new card can be chosen beside the saved one, and the choice stays.
  await page.getByRole('radio', { name: /New credit \/ debit card/ }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('radio', { name: /New credit \/ debit card/ })).toBeChecked();
  await expect(saved).not.toBeChecked();
  await saved.check();

  await page.getByRole('button', { name: 'Delete Visa •••• 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete credit card?' });
  await captureScreens(page, 'delete-card');
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('a fan buys credits with the 3-D Secure card through the challenge page and /3ds-callback', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account');
  await page.getByRole('link', { name: 'Buy credits' }).click();
  await page.getByRole('radio', { name: '100 credits for $10.00' }).check();
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText('Visa ending in 3220')).toBeVisible();
  await captureScreens(page, 'three-ds-challenge');
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back through /3ds-callback to where the fan was, with the credits landed, and told so.
  await expect(page).toHaveURL(/\/account\/get-credits$/);
  await expect(page.getByText('Payment successful: your credits were added.')).toBeVisible();
  await expectBalance(page, 100);
});

test('a failed 3-D Secure challenge credits nothing and says so', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account/get-credits');
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByLabel('Save this card for next time').uncheck();
  await page.getByRole('button', { name: /Pay \$/ }).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(/\/3ds-callback\?3ds=error/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await captureScreens(page, 'three-ds-failed');
});

test('a declined card shows the decline and charges nothing', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account/get-credits');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /Pay \$/ }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expectBalance(page, 0);
});

test('a crypto top-up shows the crypto top-up success popup', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account/get-credits');
  await page.getByRole('radio', { name: '100 credits for $10.00' }).check();
  await page.getByRole('button', { name: 'Top up with crypto' }).click();
  const popup = page.getByRole('dialog', { name: 'Top-up successful!' });
  await expect(popup).toContainText('100 credits ($10.00) were added');
  await captureScreens(page, 'crypto-top-up');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expectBalance(page, 100);
});
