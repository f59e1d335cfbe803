import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './support/accounts';
import { makePhoto } from './support/media';
import { expectBalance } from './support/money';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// Creator mila posts a public photo post, a post for subscribers and a paid
// one from the composer; fan alex (who follows her) reads them in /feed, sees the private one
// locked, unlocks the paid one; the Feed badge counts a new post live; mila pins and deletes.

const DEMO_PASSWORD = 'password123';

async function publish(
  page: Page,
  text: string,
  options: { photo?: string; private?: boolean; price?: number },
) {
  const composer = page.getByRole('form', { name: 'New post' });
  const box = composer.getByRole('textbox', { name: 'New post' });
  await box.fill(text);
  if (options.photo) {
    const chooser = page.waitForEvent('filechooser');
    await composer.getByRole('button', { name: 'Photo or video' }).click();
    await (await chooser).setFiles(options.photo);
    await expect(composer.getByRole('img', { name: 'Attached media' })).toBeVisible();
  }
  if (options.private) await composer.getByRole('switch', { name: 'Subscribers only' }).check();
  if (options.price) await composer.getByLabel('Price in credits').fill(String(options.price));
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(box).toHaveValue('');
}

const postWith = (page: Page, text: string) => page.getByTestId('feed-post').filter({ hasText: text });

test('a creator posts to the feed; a fan who follows her reads, unlocks and is told of new posts', async ({
  browser,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-feed-'));
  const tag = Date.now().toString(36);
  const publicText = `Golden hour on the river ${tag}`;
  const privateText = `Only for my subscribers ${tag}`;
  const paidText = `The full set from today ${tag}`;
  const laterText = `One more before bed ${tag}`;
  const publicPhoto = await makePhoto(dir, 'river.jpg', '#f28c28');
  const paidPhoto = await makePhoto(dir, 'set.jpg', '#3a86ff');

  const mila = await (await browser.newContext()).newPage();
  const alex = await (await browser.newContext()).newPage();
  await signIn(mila, 'mila', DEMO_PASSWORD);
  await mila.getByRole('link', { name: 'Feed', exact: true }).click();
  await expect(mila).toHaveURL(/\/feed$/);

  await publish(mila, publicText, { photo: publicPhoto });
  // After posting, the creator sees her own posts.
  await expect(mila.getByRole('button', { name: 'My posts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(postWith(mila, publicText).getByTestId('feed-media')).toBeVisible();
  await publish(mila, privateText, { private: true });
  await expect(postWith(mila, privateText)).toContainText('Subscribers');
  await mila
    .getByRole('form', { name: 'New post' })
    .getByRole('textbox', { name: 'New post' })
    .fill(paidText);
  const chooser = mila.waitForEvent('filechooser');
  await mila.getByRole('button', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(paidPhoto);
  await mila.getByLabel('Price in credits').fill('15');
  await expect(mila.getByRole('form', { name: 'New post' })).toContainText('Fans pay 15 credits ($1.50)');
  await captureScreens(mila, 'feed-composer');
  await mila.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postWith(mila, paidText).getByTestId('feed-media')).toBeVisible();

  // The fan: the badge counts the new posts; the feed shows them, newest first.
  await signIn(alex, 'alex', DEMO_PASSWORD);
  const feedLink = alex.getByRole('link', { name: /^Feed, \d+ new posts?$/ });
  await expect(feedLink).toBeVisible();
  await feedLink.click();
  await expect(alex).toHaveURL(/\/feed$/);
  await expect(alex.getByRole('link', { name: 'Feed', exact: true })).toBeVisible();

  const publicPost = postWith(alex, publicText);
  await expect(publicPost.getByTestId('feed-media').locator('img')).toBeVisible();
  await expect(publicPost.getByRole('link', { name: /mila/ })).toHaveAttribute('href', '/mila');

  // The private post hides its text; it says to subscribe.
  await expect(alex.getByText(privateText)).toHaveCount(0);
  const privatePost = alex
    .getByTestId('feed-post')
    .filter({ has: alex.getByTestId('locked-post') })
    .first();
  await expect(privatePost).toContainText('mila');
  await expect(privatePost).toContainText('Subscribe to see this post.');

  // The paid post: blurred, priced, and unlocked for 15 credits.
  const paidPost = postWith(alex, paidText);
  const locked = paidPost.getByTestId('locked-media');
  await expect(locked).toContainText('15 credits');
  const blurred = await locked
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(blurred.every((src) => src.includes('/blur?'))).toBe(true);
  await captureScreens(alex, 'feed-fan');
  const balance = Number(
    (
      (await alex
        .getByRole('banner')
        .getByRole('link', { name: /credits$/ })
        .textContent()) ?? ''
    ).replace(/\D/g, ''),
  );
  await locked.getByRole('button', { name: 'Unlock for 15 credits' }).click();
  await expect(paidPost.getByTestId('locked-media')).toHaveCount(0);
  await expect(alex.getByRole('status').getByText('Post unlocked for 15 credits.')).toBeVisible();
  const unlocked = paidPost.getByTestId('feed-media').locator('img');
  await expect(unlocked).toBeVisible();
  expect(await unlocked.getAttribute('src')).not.toContain('/blur?');
  await expectBalance(alex, balance - 15);
  await captureScreens(alex, 'feed-unlocked');

  // On the inbox, a new post shows on the Feed badge without a reload.
  await alex.getByRole('link', { name: 'Chats', exact: true }).click();
  await expect(alex).toHaveURL(/\/chats/);
  await publish(mila, laterText, {});
  await expect(alex.getByRole('link', { name: 'Feed, 1 new post' })).toBeVisible();
  await expect(alex.getByTestId('nav-badge-Feed').first()).toHaveText('1');

  // Mila pins the public post (it goes first) and deletes the private one.
  await postWith(mila, publicText).getByRole('button', { name: 'Post options' }).click();
  await mila.getByRole('menuitem', { name: 'Pin to top' }).click();
  await expect(mila.getByTestId('feed-post').first()).toContainText(publicText);
  await expect(mila.getByTestId('feed-post').first()).toContainText('Pinned');
  await postWith(mila, privateText).getByRole('button', { name: 'Post options' }).click();
  await mila.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = mila.getByRole('dialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(confirm).toBeHidden();
  await expect(postWith(mila, privateText)).toHaveCount(0);
  await captureScreens(mila, 'feed-my-posts');

  // What the server keeps: after a reload the pin and the deletion stand.
  await mila.reload();
  await mila.getByRole('button', { name: 'My posts' }).click();
  await expect(mila.getByTestId('feed-post').first()).toContainText(publicText);
  await expect(postWith(mila, privateText)).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
