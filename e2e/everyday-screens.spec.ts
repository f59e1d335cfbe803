import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attach, makePhoto, openChatAsFan } from './support/media';
import { apiSignUp, dismissVerifyPopup, giveCredits, openAs } from './support/money';
import { expect, test } from './support/test';

// The screens people use every day, on a phone and on a desktop.

test('a photo that just arrived live unlocks on the first click, and its bubble never moves', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-polish-'));
  const photo = await makePhoto(dir);
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await giveCredits(request, fan);
  await openChatAsFan(request, fan, creator);
  // A chat long enough to scroll: the fan reads at the bottom, where new messages keep the view pinned.
  for (let i = 1; i <= 24; i++) {
    const res = await request.post('/v1/messages', {
      headers: { 'access-token': fan.token },
      data: { recipient_id: creator.id, text: `Message ${i}` },
    });
    expect(res.status()).toBeLessThan(300);
  }
  const creatorPage = await (await browser.newContext()).newPage();
  const fanPage = await (await browser.newContext()).newPage();
  await openAs(creatorPage, creator, `/chats/${fan.id}`);
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  await expect(fanPage.getByText('Message 24', { exact: true })).toBeVisible();

  // The fan's pointer rests over the chat, as a reader's does.
  await fanPage.mouse.move(640, 400);
  await attach(creatorPage, photo);
  const sheet = creatorPage.getByRole('dialog', { name: 'Send a photo' });
  await sheet.getByLabel('Price in credits').fill('20');
  await sheet.getByRole('button', { name: 'Send for 20 credits' }).click();

  // Right after new_message: the locked bubble is there; its size is final before the preview loads.
  const locked = fanPage.getByTestId('locked-media');
  await locked.waitFor({ state: 'attached' });
  const unlock = locked.getByRole('button', { name: 'Unlock for 20 credits' });
  const before = await unlock.boundingBox();
  const frameBefore = await locked.boundingBox();
  const buy = fanPage.waitForRequest(
    (r) => r.method() === 'PATCH' && /\/v1\/messages\/\d+\/buy$/.test(r.url()),
    {
      timeout: 5_000,
    },
  );
  // Hovering the bubble (as the pointer does on its way to the button) moves nothing.
  await unlock.hover();
  await fanPage.waitForTimeout(100);
  expect(await unlock.boundingBox()).toEqual(before);
  await unlock.click();
  await buy;
  await expect(fanPage.getByTestId('locked-media')).toHaveCount(0);
  // The bought photo takes the locked one's box exactly.
  const bought = fanPage.getByTestId('media-bubble').last();
  const frameAfter = await bought.boundingBox();
  expect(frameAfter?.width).toBeCloseTo(frameBefore?.width ?? 0, 0);
  expect(frameAfter?.height).toBeCloseTo(frameBefore?.height ?? 0, 0);
  expect(before).not.toBeNull();

  // A second one, with the pointer already on the spot where the button will be: still one click.
  await attach(creatorPage, photo);
  await sheet.getByLabel('Price in credits').fill('20');
  await sheet.getByRole('button', { name: 'Send for 20 credits' }).click();
  await locked.waitFor({ state: 'attached' });
  const box = await unlock.boundingBox();
  await fanPage.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-testid="locked-media"] img')).every(
      (i) => (i as HTMLImageElement).complete,
    ),
  );
  expect(await unlock.boundingBox()).toEqual(box);
  const second = fanPage.waitForRequest((r) => r.method() === 'PATCH' && /\/buy$/.test(r.url()), {
    timeout: 5_000,
  });
  await unlock.click();
  await second;
  await expect(fanPage.getByTestId('locked-media')).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a creator blocks a fan: the fan learns it live; unblocking lets them write again', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);
  const creatorPage = await (await browser.newContext()).newPage();
  const fanPage = await (await browser.newContext()).newPage();
  await openAs(creatorPage, creator, `/chats/${fan.id}`);
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  const box = fanPage.getByRole('textbox', { name: /Message/ });
  await expect(box).toBeEnabled();

  await creatorPage.getByRole('button', { name: 'More actions' }).click();
  await creatorPage.getByRole('button', { name: `Block ${fan.username}` }).click();
  // The fan cannot undo the creator's block: to them the creator ended the chat.
  await expect(fanPage.getByText('Sorry, this user has ended the chat.')).toBeVisible();
  await expect(box).toBeDisabled();

  await creatorPage.getByRole('button', { name: 'More actions' }).click();
  await creatorPage.getByRole('button', { name: `Unblock ${fan.username}` }).click();
  await expect(box).toBeEnabled();
});

test('a link opened while signed out is where sign-in leads; a link to no one says so', async ({
  page,
  request,
}) => {
  const creator = await apiSignUp(request, 'featured');
  await page.goto(`/chats/${creator.id}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email or username', { exact: true }).fill('alex');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${creator.id}$`));
  await expect(page.getByRole('region', { name: `Conversation with ${creator.username}` })).toBeVisible();

  await page.goto('/chats/11111111-2222-3333-4444-555555555555');
  await expect(page.getByRole('heading', { name: 'This user does not exist' })).toBeVisible();
  await page.goto('/chats/not-a-user');
  await expect(page.getByRole('heading', { name: 'This user does not exist' })).toBeVisible();
});

test('on a phone a conversation has the screen: a readable header, no sideways scroll, a message menu', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id, text: 'Hello from the phone' },
  });
  expect(sent.status()).toBeLessThan(300);
  const page = await (
    await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true })
  ).newPage();
  await openAs(page, fan, `/chats/${creator.id}`);
  const conversation = page.getByRole('region', { name: `Conversation with ${creator.username}` });
  await expect(conversation.getByText('Hello from the phone')).toBeVisible();
  await dismissVerifyPopup(page);

  // The name has room; nothing scrolls sideways, before and after subscribing shows its state.
  const name = conversation.locator('header').getByText(creator.username, { exact: true });
  expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(conversation.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(conversation.getByRole('button', { name: 'Tip' })).toBeVisible();

  // The app's header and tab bar step aside: the messages get most of the height.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  const log = await page.getByRole('log', { name: 'Messages' }).boundingBox();
  expect(log?.height ?? 0).toBeGreaterThan(560);

  // Hide / Delete are in the message's menu, not under every message.
  await expect(page.getByText('Hide for me')).toHaveCount(0);
  const bubble = conversation.getByText('Hello from the phone');
  const at = await bubble.boundingBox();
  if (!at) throw new Error('no bubble');
  // A long press opens the menu.
  await page.evaluate(
    ({ x, y }) => {
      const target = document.elementFromPoint(x, y);
      target?.dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch', clientX: x, clientY: y }),
      );
    },
    { x: at.x + 10, y: at.y + 5 },
  );
  await page.waitForTimeout(700);
  await expect(page.getByRole('menuitem', { name: 'Hide for me' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete for everyone' }).click();
  await expect(conversation.getByText('This message was deleted.')).toBeVisible();
});

test('a creator gets a creator’s chrome: earnings, not a fan’s credits', async ({ page, request }) => {
  const creator = await apiSignUp(request, 'featured');
  await openAs(page, creator, '/account');
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByTestId('today-earnings')).toContainText('Today $0.00');
  await expect(page.getByRole('banner').getByText(/credits$/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy credits' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Subscriptions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Earnings and payouts' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Vault', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Vault', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Vault', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Account', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});
