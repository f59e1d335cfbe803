import { apiSignUp, expectBalance, fillCard, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// The conversation (/chats/{creatorId}) carries the payments feature's <TipButton> and <SubscribeButton>.

test('a fan tips a creator from the conversation', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openAs(page, fan, `/chats/${creator.id}`);
  await page.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a tip' });
  await expect(dialog).toContainText('Your balance: 100 credits ($10.00)');
  // The amount field shows exactly what would be sent: rejected keystrokes do not stay in it.
  const other = dialog.getByLabel('Other amount (credits)');
  await other.pressSequentially('12a3b');
  await expect(other).toHaveValue('123');
  await expect(dialog.getByRole('button', { name: 'Send 123 credits' })).toBeVisible();
  await other.fill('');
  await dialog.getByText('$5.00', { exact: true }).click();
  await captureScreens(page, 'tip-picker');
  await dialog.getByRole('button', { name: 'Send 50 credits' }).click();
  await expect(dialog).toBeHidden();
  await expectBalance(page, 50);

  // The creator sees the tip in the chat.
  const messages = await request.get(`/v1/chat?recipient_id=${fan.id}`, {
    headers: { 'access-token': creator.token },
  });
  const chat = await messages.json();
  const list = await request.get(`/v1/chats/${chat.chat_id ?? chat._id}/messages`, {
    headers: { 'access-token': creator.token },
  });
  const tips = (await list.json()).data.filter((m: { type: string }) => m.type === 'tip');
  expect(tips.map((m: { price: number }) => m.price)).toEqual([50]);
});

test('short of credits, the tip goes through after buying credits with 3-D Secure', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openAs(page, fan, `/chats/${creator.id}`);
  await page.getByRole('button', { name: 'Tip', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send a tip' })
    .getByRole('button', { name: 'Send 25 credits' })
    .click();
  const popup = page.getByRole('dialog', { name: 'Not enough credits' });
  await captureScreens(page, 'not-enough-credits');
  await popup.getByRole('button', { name: 'Buy Credits' }).click();

  await expect(page).toHaveURL(/\/account\/get-credits$/);
  await expect(page.getByText('Your tip of 25 credits is sent as soon as the credits land.')).toBeVisible();
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /Pay \$/ }).click();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // /3ds-callback finishes the tip and returns to the conversation: 550 bought, 25 tipped.
  await expect(page).toHaveURL(new RegExp(`/chats/${creator.id}$`));
  await expectBalance(page, 525);
  const earnings = await request.get('/v1/users/me', { headers: { 'access-token': fan.token } });
  expect((await earnings.json()).credits).toBe(525);
});

test('a creator sets a subscription price; a fan subscribes at each price and cancels in edit mode', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creators = [await apiSignUp(request, 'featured'), await apiSignUp(request, 'featured')];
  const priced = creators[1]!;

  // The second creator sets 30 credits in settings; an out-of-bounds price is refused inline.
  await openAs(page, priced, '/account/edit-profile');
  const price = page.getByLabel('Subscription price (credits a month)');
  await expect(price).toHaveValue('50');
  await price.fill('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText(/The subscription price must be a whole number of credits from 10/),
  ).toBeVisible();
  await price.fill('30');
  await expect(page.getByText(/^\$3\.00 a month\./)).toBeVisible();
  await captureScreens(page, 'subscription-price-settings');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await giveCredits(request, fan);
  // The first creator keeps the default price; the fan subscribes from the conversation.
  await openAs(page, fan, `/chats/${creators[0]!.id}`);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: /^Subscribe/ });
  await expect(dialog).toContainText('50 credits ($5.00) a month');
  await dialog.getByRole('button', { name: /Subscribe for 50 credits/ }).click();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();

  // The second from the creator page, which shows the creator's price.
  await page.goto(`/${priced.username}`);
  const subscription = page.getByRole('definition').filter({ hasText: '30 credits' });
  await expect(subscription).toContainText('$3.00 a month');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  dialog = page.getByRole('dialog', { name: /^Subscribe/ });
  await expect(dialog).toContainText('30 credits ($3.00) a month');
  await captureScreens(page, 'subscribe');
  await dialog.getByRole('button', { name: /Subscribe for 30 credits/ }).click();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
  await expectBalance(page, 20);

  await page.goto('/account/subscriptions');
  await expect(page.getByText('2 subscriptions, 2 active')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(`Select ${creators[0]!.username}`).check();
  await page.getByLabel(`Select ${creators[0]!.username}`).uncheck();
  await page.getByLabel('Select all active').check();
  await captureScreens(page, 'subscriptions-edit');
  await page.getByRole('button', { name: 'Cancel 2 subscriptions' }).click();
  // Deleting leaves edit mode; both now read Canceled.
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByText('Canceled', { exact: true })).toHaveCount(2);
  await captureScreens(page, 'subscriptions-canceled');
});
