import { apiSignUp, expectBalance, fillCard, giveCredits, openAs, subscribeByApi } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('every spend confirms, and a subscribed fan sees Subscribed in the chat header, not a second Subscribe', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan, 'popular');
  await openAs(page, fan, `/chats/${creator.id}`);
  const toasts = page.getByRole('status').filter({ hasText: /./ });

  await page.getByRole('button', { name: 'Tip', exact: true }).click();
  const tip = page.getByRole('dialog', { name: 'Send a tip' });
  await tip.getByText('$5.00', { exact: true }).click();
  await tip.getByRole('button', { name: 'Send 50 credits' }).click();
  await expect(tip).toBeHidden();
  await expect(toasts.getByText('Tip of 50 credits sent.')).toBeVisible();

  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const subscribe = page.getByRole('dialog', { name: /^Subscribe/ });
  await subscribe.getByRole('button', { name: /Subscribe for 50 credits/ }).click();
  await expect(
    toasts.getByText(`You subscribed to ${creator.username} for 50 credits a month.`),
  ).toBeVisible();
  await expectBalance(page, 450);

  // Opened again, the header knows: Subscribed, and nothing offers to pay a second time.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toHaveCount(0);
  await captureScreens(page, 'subscribed-chat-header');
});

test('a package says what it gives, and a failed 3-D Secure keeps the package and says nothing was charged', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  await openAs(page, fan, '/account/get-credits');
  const pro = page.getByRole('radio', { name: '550 credits for $50.00' });
  // The credits shown are what lands: the price's 500 and a 50 bonus, not 550 and 50 more.
  await expect(page.locator('label').filter({ has: pro })).toContainText('550 credits');
  await expect(page.locator('label').filter({ has: pro })).toContainText('500 + 50 bonus');
  await captureScreens(page, 'credit-packages');

  await page.getByRole('radio', { name: '260 credits for $25.00' }).check();
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /Pay \$25/ }).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText(/You were not charged/)).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();

  await expect(page).toHaveURL(/\/account\/get-credits$/);
  await expect(page.getByRole('radio', { name: '260 credits for $25.00' })).toBeChecked();
  await expect(page.getByLabel('Name on card')).toHaveValue('Pat Fan');
  await expect(page.getByText(/You were not charged/)).toBeVisible();
  await captureScreens(page, 'credits-after-failed-3ds');
  const me = await request.get('/v1/users/me', { headers: { 'access-token': fan.token } });
  expect((await me.json()).credits).toBe(0);
});

test('a fan approved as a creator still reaches her credits, subscriptions and purchases', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan, 'popular');
  await subscribeByApi(request, fan, creator);
  // The fan's application to become a creator is approved.
  const admin = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  const adminHeaders = { 'access-token': (await admin.json()).access_token };
  const approved = await request.post(`/v1/admin/users/${fan.id}/approve-enquiry`, { headers: adminHeaders });
  expect(approved.status()).toBe(200);

  await openAs(page, fan, '/account');
  await expect(page.getByRole('link', { name: 'Earnings and payouts' })).toBeVisible();
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits).toContainText('500');
  await captureScreens(page, 'creator-with-fan-credits');
  await credits.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions$/);
  await expect(page.getByText(creator.username)).toBeVisible();
});
