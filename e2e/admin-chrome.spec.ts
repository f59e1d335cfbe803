import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The admin gets an admin's chrome (the console, no credits), and the inbox's tab row
// says that it scrolls on a phone.

async function signInAs(page: Page, login: string) {
  const res = await page.request.post('/v1/auth', { data: { login, password: 'password123' } });
  expect(res.status()).toBe(200);
  const { access_token: token } = await res.json();
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), token);
}

test('the admin sees the console in the header and nav, and no credits or Buy credits', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, 'admin');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Moderation' })).toBeVisible();
  await expect(header.getByText(/credits/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy credits' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Become a creator/ })).toHaveCount(0);
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
  // The phone's tab bar leads to the console too, five entries in all.
  const tabbar = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  await expect(tabbar.getByRole('link')).toHaveCount(5);
  await expect(tabbar.getByRole('link', { name: 'Moderation' })).toBeVisible();

  await header.getByRole('link', { name: 'Moderation' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await expect(tabbar.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
  // Nothing of the console pushes the page sideways on a phone (its section tabs scroll inside).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  await page.setViewportSize({ width: 1440, height: 900 });
  const sidebar = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  await expect(sidebar.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByText(/credits/)).toHaveCount(0);
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
});

test('a fan keeps the credits pill and no console link', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, 'alex');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/account');
  const header = page.getByRole('banner');
  await expect(header.getByText(/\d+ credits/)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy credits' })).toBeVisible();
});

test("the inbox's tabs show that they scroll at 375 px, and keys bring each tab into view", async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, 'mila');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/chats');
  const tabs = page.getByRole('tablist', { name: 'Filter chats' });
  const frame = tabs.locator('xpath=..');
  await expect(tabs.getByRole('tab')).toHaveCount(9);

  // At the start: a hint at the cut right edge, none at the left.
  await expect(frame).toHaveAttribute('data-more-after', 'true');
  await expect(frame).not.toHaveAttribute('data-more-before', /.*/);
  const inbox = tabs.getByRole('tab', { name: /^Inbox/ });
  await expect(inbox).toHaveAttribute('aria-selected', 'true');

  // The arrow at the cut edge scrolls on with a mouse; at the far end it goes, and one shows at the start.
  const next = frame.locator('button[data-side="after"]');
  for (let i = 0; i < 10 && (await next.isVisible()); i++) {
    await next.click();
    await page.waitForTimeout(400);
  }
  await expect(frame).toHaveAttribute('data-more-before', 'true');
  await expect(frame).not.toHaveAttribute('data-more-after', /.*/);
  await expect(frame.locator('button[data-side="before"]')).toBeVisible();
  await frame.locator('button[data-side="before"]').click();

  // One Tab stop for the row (the chosen tab); End goes to the last tab and scrolls it into view.
  await inbox.focus();
  await expect(tabs.getByRole('tab', { name: /^Online/ })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  const sent = tabs.getByRole('tab', { name: /^Sent/ });
  await expect(sent).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sent).toHaveAttribute('aria-selected', 'true');
  await expect(frame).toHaveAttribute('data-more-before', 'true');
  await expect(frame).not.toHaveAttribute('data-more-after', /.*/);
  await expect
    .poll(async () => {
      const [row, tab] = await Promise.all([tabs.boundingBox(), sent.boundingBox()]);
      return !!row && !!tab && tab.x >= row.x && tab.x + tab.width <= row.x + row.width;
    })
    .toBe(true);

  // Home goes back; the chosen tab stays the row's Tab stop.
  await page.keyboard.press('Home');
  await expect(inbox).toBeFocused();
  await expect(sent).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Enter');
  await expect(frame).not.toHaveAttribute('data-more-before', /.*/);
  await expect(frame).toHaveAttribute('data-more-after', 'true');
});
