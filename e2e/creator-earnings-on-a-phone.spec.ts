import { apiSignUp, giveCredits, openAs, subscribeByApi } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('a creator reads her earnings on a phone: nothing wider than the screen, a round axis over the tallest bar, counts in the singular', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan, 'popular');
  const headers = { 'access-token': fan.token };
  const chat = await request.post('/v1/chat', { headers, data: { recipient_id: creator.id } });
  expect(chat.status()).toBe(200);
  const tip = await request.post('/v1/tips', {
    headers,
    data: { recipient_id: creator.id, chat_id: (await chat.json()).chat_id, amount: 50 },
  });
  expect(tip.status()).toBe(200);
  await subscribeByApi(request, fan, creator);

  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, creator, '/account/earnings/summary');
  const range = page.getByTestId('range-total');
  // One fan who subscribed: both counts in the singular.
  await expect(range).toContainText('1 new fan ·');
  await expect(range).toContainText('1 new subscriber');
  await expect(range).not.toContainText('subscribers');
  await expect(page.getByRole('table', { name: /Last 30 days, in dollars/ })).toBeAttached();

  // The screen reader's table is hidden without widening the page.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  // Every earning is today's: the tallest bar is the range's total, and the axis reaches it.
  const total = Number((await range.textContent())?.match(/\$([\d,.]+)/)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(0);
  const top = Number(await page.getByTestId('earnings-chart').getAttribute('data-axis-top'));
  expect(top).toBeGreaterThanOrEqual(total);
  expect([1, 2, 5].some((m) => Number.isInteger(top / m) || Number.isInteger((top * 10) / m))).toBe(true);

  await captureScreens(page, 'earnings-phone');

  // A tap on the bottom bar's Account tab lands on it, not on whatever a wider page put there.
  await page.setViewportSize({ width: 375, height: 812 });
  const account = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account', exact: true });
  const box = await account.boundingBox();
  if (!box) throw new Error('the Account tab is not on screen');
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/account$/);
});
