import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { holdUploads, makePhoto, openChatAsFan, sendHeldPhoto } from './support/media';
import { apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// The spec's "upload in progress" popup: leaving a conversation inside the app (a link, Back) while
// a photo uploads asks first; Stay keeps the upload, Leave stops it. The upload is held back by a
// route handler so it is still running when the creator tries to leave.

test('leaving a chat while a photo uploads asks first: Stay keeps it, Leave stops it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-leave-'));
  const photo = await makePhoto(dir, 'held.jpg', '#5a8f29');
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext()).newPage();
  const uploads = await holdUploads(page);
  await openAs(page, creator, '/chats');
  await page.getByRole('link', { name: new RegExp(fan.username) }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));

  await sendHeldPhoto(page, photo, uploads);

  // A link of the navigation: asked, and Stay keeps the page and the upload.
  await page.getByRole('link', { name: 'Discover', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Upload in progress' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('If you leave now, the upload stops');
  await popup.getByRole('button', { name: 'Stay' }).click();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));
  await expect(page.getByTestId('pending-media')).toHaveCount(1);

  // Back: asked again; Leave stops the upload and goes back to the inbox.
  await page.goBack();
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));
  await popup.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(popup).toBeHidden();

  // The photo is gone from the chat, and nothing holds the page any more: a link just goes.
  await page.getByRole('link', { name: new RegExp(fan.username) }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${fan.id}$`));
  await expect(page.getByTestId('pending-media')).toHaveCount(0);
  await page.getByRole('link', { name: 'Discover', exact: true }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(popup).toHaveCount(0);
});
