import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type ApiAccount, apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// A username may be 30 characters. On a phone the name wins over the tags and buttons beside it,
// and nothing is wider than the screen; beside a conversation on a desktop every inbox tab is in view.

/** A fan with a 30-character username who wrote to `creator`. */
async function longNamedFan(request: APIRequestContext, creator: ApiAccount): Promise<ApiAccount> {
  const username = `longname${randomBytes(11).toString('hex')}`.slice(0, 30);
  const res = await request.post('/v1/users/sign', {
    data: {
      email: `${username}@example.com`,
      password: 'correct-horse-9',
      username,
      type: 'user',
      gender: 'male',
      confirm_adult: true,
      accept_terms: true,
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': body.access_token },
    data: { type: 'text', recipient_id: creator.id, text: 'Hi! Loved your last set.' },
  });
  expect(sent.status()).toBe(200);
  return { token: body.access_token, id: body.user._id, username };
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('long names at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the inbox row shows the name before any tag, and tags show whole or not at all', async ({
    page,
    request,
  }) => {
    const creator = await apiSignUp(request, 'featured');
    const fan = await longNamedFan(request, creator);
    await openAs(page, creator, '/chats');
    const row = page.getByRole('link', { name: new RegExp(fan.username.slice(0, 12)) });
    await expect(row).toBeVisible();
    const name = row.getByText(fan.username, { exact: true });
    const nameBox = await name.boundingBox();
    // At 375 px the name has the row's text column nearly to itself (the time stays beside it).
    expect(nameBox?.width).toBeGreaterThan(200);
    const tag = row.getByText('New', { exact: true });
    const tagBox = await tag.boundingBox();
    const tagsBox = await tag.locator('..').boundingBox();
    // A tag is either within its visible strip or wrapped out of it, never cut in two.
    const shown =
      tagBox !== null &&
      tagsBox !== null &&
      tagBox.y < tagsBox.y + tagsBox.height &&
      tagBox.x + tagBox.width <= tagsBox.x + tagsBox.width + 0.5;
    const hidden = tagBox === null || tagsBox === null || tagBox.y >= tagsBox.y + tagsBox.height;
    expect(shown || hidden).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });

  test('the conversation header keeps the whole name in view and the page within the screen', async ({
    page,
    request,
  }) => {
    const creator = await apiSignUp(request, 'featured');
    const fan = await longNamedFan(request, creator);
    await openAs(page, creator, `/chats/${fan.id}`);
    const header = page.locator('header', { has: page.getByRole('link', { name: 'Back to chats' }) });
    const name = header.getByText(fan.username, { exact: true });
    await expect(name).toBeVisible();
    // Two lines at most, and not clamped: every character is drawn.
    const clamped = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    expect(clamped).toBe(false);
    await expect(page.getByPlaceholder(`Message ${fan.username}`)).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    // Notes, out of the phone's header, are in the chat's menu.
    await expect(header.getByRole('button', { name: 'Notes on this fan' })).toBeHidden();
    await header.getByRole('button', { name: 'More actions' }).click();
    await header.getByRole('button', { name: 'Notes on this fan' }).click();
    await expect(page.getByRole('complementary', { name: `About ${fan.username}` })).toBeVisible();
    // The sheet holds the name whole, wrapped, and nothing in it is wider than the screen.
    const sheet = page.getByRole('complementary', { name: `About ${fan.username}` });
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await sheet.getByRole('button', { name: 'Close notes' }).click();
    // So are the fan's lists.
    await expect(header.getByRole('button', { name: `Lists ${fan.username} is on` })).toBeHidden();
    await header.getByRole('button', { name: 'More actions' }).click();
    await header.getByRole('button', { name: 'Lists', exact: true }).click();
    await expect(header.getByText('No custom lists yet.')).toBeVisible();
    await expect(header.getByRole('menuitem', { name: 'Manage lists' })).toBeVisible();
  });
});

test.describe('the inbox beside a conversation at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows all nine tabs without scrolling them', async ({ page, request }) => {
    const creator = await apiSignUp(request, 'featured');
    await longNamedFan(request, creator);
    await openAs(page, creator, '/chats');
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await expect(tabs).toHaveCount(9);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  });
});
