import { signIn } from './support/accounts';
import { apiSignUp, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { type Browser, expect, test } from './support/test';

// Mila (a demo creator) sets an automatic message for new followers and saves it. A new fan who
// wrote to her, with his chat open, follows her from her page: the message arrives in his chat at
// once, and her send log lists him. She then empties the category again (an empty list deletes all).

async function newPage(browser: Browser, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
  return context.newPage();
}

test('a creator sets a new-follower message; a fan who follows gets it live and the log shows it', async ({
  browser,
  request,
}) => {
  const welcome = `Thanks for following! Here is a little hello ${Date.now().toString(36)}`;
  const fan = await apiSignUp(request, 'user');
  const mila = await (await request.get('/v1/users/mila')).json();
  // He writes first, so his chat with mila is there to keep open.
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { type: 'text', recipient_id: mila._id, text: 'Hi Mila!' },
  });
  expect(sent.status()).toBe(200);

  // Mila sets the category's one message, to go out immediately.
  const creator = await newPage(browser, 375);
  await signIn(creator, 'mila', 'password123');
  await expect(creator).toHaveURL(/\/chats$/);
  await creator.goto('/auto-messages');
  await expect(creator.getByRole('heading', { name: 'Automatic messages', level: 1 })).toBeVisible();
  const categories = creator.getByRole('navigation', { name: 'Categories' });
  for (const name of [
    'New follower',
    'New subscriber',
    'First message from a fan',
    'Tip received',
    'Content purchased',
  ]) {
    await expect(categories.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await categories.getByRole('link', { name: /New follower/ }).click();
  await expect(creator).toHaveURL(/\/auto-messages\/new_follower$/);
  const editor = creator.getByRole('region', { name: 'New follower' });
  await editor.getByRole('button', { name: 'Add text' }).click();
  await editor.getByLabel('Message', { exact: true }).fill(welcome);
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await expect(editor.getByLabel('When message 1 is sent')).toHaveValue('now');
  await captureScreens(creator, 'auto-messages-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(editor.getByText('Unsaved changes')).toHaveCount(0);

  // Saved on the server: a reload shows it, and the category's excerpt.
  await creator.goto('/auto-messages');
  const row = categories.getByRole('link', { name: /New follower/ });
  await expect(row.getByText('1 message')).toBeVisible();
  await expect(row).toContainText(welcome.slice(0, 40));

  // The fan keeps his chat with mila open in one tab and follows her from her page in another.
  const chat = await newPage(browser);
  await openAs(chat, fan, `/chats/${mila._id}`);
  const messages = chat.getByRole('log', { name: 'Messages' });
  await expect(messages.getByText('Hi Mila!', { exact: true })).toBeVisible();
  await expect(messages.getByText(welcome)).toHaveCount(0);
  const profile = await newPage(browser);
  await openAs(profile, fan, '/mila');
  await profile.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(profile.getByRole('button', { name: 'Following' })).toBeVisible();

  await expect(messages.getByText(welcome, { exact: true })).toBeVisible({ timeout: 15_000 });
  await captureScreens(chat, 'auto-message-received');

  // Her send log lists it: the category, and the fan with a link to their chat.
  await creator.reload();
  const log = creator.getByRole('list', { name: 'Automatic messages sent' });
  const entry = log.getByRole('listitem').filter({ hasText: fan.username });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('New follower');
  await expect(entry.getByRole('link', { name: fan.username })).toHaveAttribute('href', `/chats/${fan.id}`);
  await captureScreens(creator, 'auto-messages-log');

  // Emptied and saved, the category sends nothing any more (and later journeys start clean).
  await row.click();
  await editor.getByRole('button', { name: 'Remove message 1' }).click();
  await expect(editor.getByText('No messages left: saving turns this category off.')).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await creator.goto('/auto-messages');
  await expect(categories.getByRole('link', { name: /New follower/ }).getByText('No messages')).toBeVisible();
});

test('fans have no automatic messages area', async ({ browser, request }) => {
  const fan = await apiSignUp(request, 'user');
  const page = await newPage(browser, 375);
  await openAs(page, fan, '/auto-messages');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Automatic messages' })).toHaveCount(0);
});
