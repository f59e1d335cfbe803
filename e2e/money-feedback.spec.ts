import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePhoto, openChatAsFan } from './support/media';
import { apiSignUp, expectBalance, giveCredits, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// A fan sets "Ask me before spending more than 30 credits": a tip above it asks first (and Cancel
// spends nothing), one below goes at once; a paid post above it asks too, and its unlock is listed
// in Purchases beside the chat purchases.
test('a fan is asked before spending above her amount, not below, and finds the post unlock in Purchases', async ({
  page,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-money-feedback-'));
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan, 'popular');
  await openChatAsFan(request, fan, creator);
  const photo = await makePhoto(dir, 'post.jpg', '#7b2cbf');
  const uploaded = await request.post('/v1/media', {
    headers: { 'access-token': creator.token, 'web-type': 'react' },
    multipart: {
      type: 'paid_message',
      file: { name: 'post.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photo) },
    },
  });
  expect(uploaded.status()).toBe(200);
  const media = (await uploaded.json()).media as { public_id: string };
  const posted = await request.post('/v1/feed', {
    headers: { 'access-token': creator.token },
    data: { text: 'The full set', public_id: media.public_id, price: 40 },
  });
  expect(posted.status()).toBe(200);

  // The setting: off by default, turned on with 30 credits.
  await openAs(page, fan, '/account/settings/spending');
  const ask = page.getByRole('switch', { name: 'Ask me before spending' });
  await expect(ask).not.toBeChecked();
  await ask.check();
  await page.getByLabel('Ask me before spending more than (credits)').fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  const toasts = page.getByRole('status').filter({ hasText: /./ });
  await expect(toasts.getByText('Saved: you are asked before spending more than 30 credits.')).toBeVisible();
  await captureScreens(page, 'spending-settings');

  // A tip above 30 asks first, stating the amount; Cancel spends nothing.
  await page.goto(`/chats/${creator.id}`);
  const confirm = page.getByRole('dialog', { name: 'Confirm spending' });
  await page.getByRole('button', { name: 'Tip', exact: true }).click();
  const tip = page.getByRole('dialog', { name: 'Send a tip' });
  await tip.getByText('$5.00', { exact: true }).click();
  await tip.getByRole('button', { name: 'Send 50 credits' }).click();
  await expect(confirm).toContainText('Spend 50 credits ($5.00) on this tip?');
  await captureScreens(page, 'spend-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectBalance(page, 550);
  await tip.getByRole('button', { name: 'Send 50 credits' }).click();
  await confirm.getByRole('button', { name: 'Spend 50 credits' }).click();
  await expect(toasts.getByText('Tip of 50 credits sent.')).toBeVisible();
  await expectBalance(page, 500);

  // A tip of 25 is not above 30: sent at once, no question.
  await page.getByRole('button', { name: 'Tip', exact: true }).click();
  await tip.getByText('$2.50', { exact: true }).click();
  await tip.getByRole('button', { name: 'Send 25 credits' }).click();
  await expect(tip).toBeHidden();
  await expect(toasts.getByText('Tip of 25 credits sent.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expectBalance(page, 475);

  // The 40-credit post asks too, then unlocks and says so.
  await page.goto(`/${creator.username}`);
  await page.getByRole('button', { name: 'Unlock for 40 credits' }).click();
  await expect(confirm).toContainText(`Spend 40 credits ($4.00) on a post by ${creator.username}?`);
  await confirm.getByRole('button', { name: 'Spend 40 credits' }).click();
  await expect(toasts.getByText('Post unlocked for 40 credits.')).toBeVisible();
  await expectBalance(page, 435);

  // Purchases lists the post unlock beside the chat purchases.
  await page.goto('/account/purchases');
  const unlocked = page.getByRole('region', { name: 'Unlocked posts' });
  const item = unlocked.getByTestId('post-purchase');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(creator.username);
  await expect(item).toContainText('Post · 40 credits');
  await expect(item.getByRole('button', { name: `Open post from ${creator.username}` })).toBeVisible();
  await captureScreens(page, 'purchases-with-posts');
});
