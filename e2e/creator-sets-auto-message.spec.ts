import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './support/accounts';
import { attach, makePhoto, openChatAsFan } from './support/media';
import { apiSignUp, giveCredits, openAs } from './support/money';
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
  await editor.getByRole('textbox', { name: 'Message 1' }).fill(welcome);
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

test('in a chat, the vault marks what this fan was sent and what they bought, and only for them', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-marks-'));
  const photo = await makePhoto(dir, 'marks.jpg', '#7c3aed');
  const creator = await apiSignUp(request, 'featured');
  const fan = await apiSignUp(request, 'user');
  const other = await apiSignUp(request, 'user');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);
  await openChatAsFan(request, other, creator);

  const page = await newPage(browser, 375);
  await openAs(page, creator, `/chats/${fan.id}`);
  await attach(page, photo);
  const sheet = page.getByRole('dialog', { name: 'Send a photo' });
  await sheet.getByLabel('Price in credits').fill('20');
  await sheet.getByRole('button', { name: 'Send for 20 credits' }).click();
  await expect(page.getByTestId('media-bubble').first()).toContainText('20 credits · Not bought yet');

  const openVault = async () => {
    await page.getByRole('button', { name: 'Attach a photo, video or GIF' }).click();
    await page.getByRole('menuitem', { name: 'From your vault' }).click();
    const vault = page.getByRole('dialog', { name: 'Your vault' });
    await expect(vault.getByRole('button', { name: /^Send photo from vault/ })).toHaveCount(1);
    return vault;
  };
  let vault = await openVault();
  const tile = vault.getByRole('button', { name: /^Send photo from vault/ });
  await expect(tile).toHaveAccessibleName('Send photo from vault, already sent to this fan');
  await expect(tile.getByText('Sent', { exact: true })).toBeVisible();
  await expect(tile.getByText('Bought', { exact: true })).toHaveCount(0);
  await vault.getByRole('button', { name: 'Close' }).click();

  // He buys it; opened again, the vault says so.
  const fanPage = await newPage(browser);
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  await expect(fanPage.getByRole('region', { name: 'Verify Your Email Address' })).toBeVisible();
  await fanPage.getByTestId('locked-media').getByRole('button', { name: 'Unlock for 20 credits' }).click();
  await expect(fanPage.getByTestId('locked-media')).toHaveCount(0);
  await expect(page.getByTestId('media-bubble').first()).toContainText('20 credits · Bought');

  vault = await openVault();
  await expect(vault.getByRole('button', { name: /^Send photo from vault/ })).toHaveAccessibleName(
    'Send photo from vault, already sent to this fan, already bought by this fan',
  );
  await expect(vault.getByText('Bought', { exact: true })).toBeVisible();
  await captureScreens(page, 'vault-marks');
  await vault.getByRole('button', { name: 'Close' }).click();

  // Another fan's chat: the same photo carries no marks.
  await page.goto(`/chats/${other.id}`);
  vault = await openVault();
  await expect(vault.getByRole('button', { name: /^Send photo from vault/ })).toHaveAccessibleName(
    'Send photo from vault',
  );
  await expect(vault.getByText('Sent', { exact: true })).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
