import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { holdUploads, makePhoto, openChatAsFan, sendHeldPhoto } from './support/media';
import { type ApiAccount, apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// The "upload in progress" popup guards every upload, not only a chat's: a broadcast's photo held
// back by a route handler (so it is still uploading) keeps the creator asking on a navigation link,
// on closing the tab, and on the app's own navigate calls (the inbox's bulk "Broadcast" button);
// Stay keeps the upload going, Leave stops it and nothing half-made remains.

async function api(request: APIRequestContext, account: ApiAccount, url: string) {
  const res = await request.get(url, { headers: { 'access-token': account.token } });
  expect(res.status()).toBe(200);
  return res.json();
}

test('a broadcast photo uploading: a nav link and closing the tab ask; Stay keeps it, Leave leaves nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-guard-'));
  const photo = await makePhoto(dir, 'held-broadcast.jpg', '#2f6f9a');
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const uploads = await holdUploads(page);
  await openAs(page, creator, '/broadcast');
  const form = page.getByRole('form', { name: 'New broadcast' });
  await expect(form.getByTestId('broadcast-reach')).toHaveText('This broadcast will reach 1 fan.');
  await form.getByLabel('Message').fill('Held back on purpose');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(photo);
  await form.getByRole('button', { name: 'Send to 1 fan' }).click();
  const bar = page.getByTestId('broadcast-upload');
  await expect(bar).toBeVisible();
  await expect.poll(() => uploads.count).toBe(1);

  // A navigation link: asked; Stay keeps the page and the upload.
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await nav.getByRole('link', { name: 'Discover', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Upload in progress' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('If you leave now, the upload stops and nothing is sent or saved.');
  await popup.getByRole('button', { name: 'Stay' }).click();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/broadcast$/);
  await expect(bar).toBeVisible();

  // Closing the tab: the browser's own leave-page prompt; dismissed, the page stays.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(bar).toBeVisible();

  // The link again: Leave stops the upload and goes on.
  await nav.getByRole('link', { name: 'Discover', exact: true }).click();
  await popup.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(popup).toBeHidden();

  // Nothing half-made: no broadcast, nothing in the vault, no upload left showing; links just go.
  expect((await api(request, creator, '/v1/broadcast?limit=20&offset=0')).data).toEqual([]);
  expect((await api(request, creator, '/v1/media?limit=20&offset=0')).data).toEqual([]);
  await nav.getByRole('link', { name: 'Chats', exact: true }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await page.getByRole('navigation', { name: 'Chat areas' }).getByRole('link', { name: 'Broadcast' }).click();
  await expect(page).toHaveURL(/\/broadcast$/);
  await expect(bar).toHaveCount(0);
  await expect(form.getByRole('status')).toHaveText('Upload canceled. Nothing was sent.');
  await expect(form.getByRole('button', { name: 'Send to 1 fan' })).toBeEnabled();
  await nav.getByRole('link', { name: 'Discover', exact: true }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(popup).toHaveCount(0);
});

test("the app's own navigate calls ask too: the inbox's Broadcast button while a chat photo uploads", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-guard-nav-'));
  const photo = await makePhoto(dir, 'held-chat.jpg', '#9a2f6f');
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const uploads = await holdUploads(page);
  await openAs(page, creator, `/chats/${fan.id}`);
  await sendHeldPhoto(page, photo, uploads);

  // The inbox beside the conversation: select the chat, then Broadcast (a button, not a link).
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('checkbox', { name: `Select ${fan.username}` }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected chats' });
  await toolbar.getByRole('button', { name: 'Broadcast' }).click();
  const popup = page.getByRole('dialog', { name: 'Upload in progress' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));
  await expect(page.getByTestId('pending-media')).toHaveCount(1);

  // Leave: the photo goes from the chat, and the broadcast opens for the selected chat.
  await toolbar.getByRole('button', { name: 'Broadcast' }).click();
  await popup.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/broadcast$/);
  await expect(page.getByRole('form', { name: 'New broadcast' }).getByTestId('broadcast-reach')).toHaveText(
    'This broadcast will reach 1 fan.',
  );
  expect((await api(request, creator, '/v1/media?limit=20&offset=0')).data).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));
  await expect(page.getByTestId('pending-media')).toHaveCount(0);
  await expect(popup).toHaveCount(0);
});

test('a profile photo uploading asks too; Leave keeps the photo there was', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-guard-avatar-'));
  const first = await makePhoto(dir, 'first.jpg', '#2f9a6f');
  const second = await makePhoto(dir, 'second.jpg', '#9a6f2f');
  const fan = await apiSignUp(request, 'user');

  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openAs(page, fan, '/account/edit-profile');
  const input = page.getByLabel('Choose a profile photo');
  await input.setInputFiles(first);
  await expect.poll(async () => (await api(request, fan, '/v1/users/me')).avatar_url).toBeTruthy();
  const kept = (await api(request, fan, '/v1/users/me')).avatar_url;

  // The next one is held back: a link asks, Leave stops it without an error.
  let started = 0;
  await page.route('**/v1/users/avatar', async () => {
    started++;
    await new Promise(() => undefined);
  });
  await input.setInputFiles(second);
  await expect.poll(() => started).toBe(1);
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Discover' })
    .click();
  const popup = page.getByRole('dialog', { name: 'Upload in progress' });
  await popup.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  expect((await api(request, fan, '/v1/users/me')).avatar_url).toBe(kept);
  await page.goBack();
  await expect(page).toHaveURL(/\/account\/edit-profile$/);
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
  await expect(page.getByText('could not', { exact: false })).toHaveCount(0);
});
