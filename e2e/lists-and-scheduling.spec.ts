import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { makePhoto } from './support/media';
import { type ApiAccount, apiSignUp, dismissVerifyPopup, giveCredits } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// A creator's daily tools: she builds a smart list "spent 50+ this month", opens it as an inbox
// tab, schedules a paid photo to it for two minutes later leaving out a list of her own, and only
// the chosen fan receives it, at that time; meanwhile she answers another fan with a saved reply
// typed with `/`. The server has no clock to turn: the journey waits for the real minute.

const ZONE = 'Europe/Berlin';

test.describe.configure({ timeout: 240_000 });

/** The fan writes to the creator and tips her `amount` credits: what the list's rule counts. */
async function fanSpends(api: APIRequestContext, fan: ApiAccount, creator: ApiAccount, amount: number) {
  await giveCredits(api, fan);
  const chat = await api.post('/v1/chat', {
    headers: { 'access-token': fan.token },
    data: { recipient_id: creator.id },
  });
  expect(chat.status()).toBe(200);
  const chatId = (await chat.json()).chat_id as string;
  const said = await api.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { type: 'text', recipient_id: creator.id, chat_id: chatId, text: `Hi, I am ${fan.username}` },
  });
  expect(said.status()).toBe(200);
  if (amount > 0) {
    const tip = await api.post('/v1/tips', {
      headers: { 'access-token': fan.token },
      data: { recipient_id: creator.id, chat_id: chatId, amount },
    });
    expect(tip.status()).toBe(200);
  }
  return chatId;
}

/** What the fan's chat with the creator holds, as the fan reads it. */
async function textsOf(api: APIRequestContext, fan: ApiAccount, chatId: string): Promise<string[]> {
  const res = await api.get(`/v1/chats/${chatId}/messages`, {
    headers: { 'access-token': fan.token },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { text: string | null }[]).map((m) => m.text ?? '');
}

async function signedInPage(browser: Browser, account: ApiAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: ZONE });
  const page = await context.newPage();
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), account.token);
  await page.goto(path);
  await dismissVerifyPopup(page);
  return page;
}

test('a smart list as an inbox tab, a paid broadcast scheduled to it less another list, and a saved reply', async ({
  browser,
  request,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-lists-'));
  const photo = await makePhoto(dir, 'top-fans.jpg', '#7c3aed');
  const caption = `For my top fans ${Date.now().toString(36)}`;
  const creator = await apiSignUp(request, 'featured');
  const [chosen, leftOut, small] = [
    await apiSignUp(request, 'user'),
    await apiSignUp(request, 'user'),
    await apiSignUp(request, 'user'),
  ];
  // Two fans spent 50 or more this month, one only 10.
  const chosenChat = await fanSpends(request, chosen, creator, 60);
  const leftOutChat = await fanSpends(request, leftOut, creator, 75);
  const smallChat = await fanSpends(request, small, creator, 10);

  // The smart list, from the Lists screen the inbox leads to.
  const page = await signedInPage(browser, creator, '/chats');
  await page.getByRole('link', { name: 'Lists', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New smart list' }).click();
  const form = page.getByRole('form', { name: 'New list' });
  await form.getByLabel('Name').fill('Spent 50+ this month');
  await expect(form.getByRole('radio', { name: 'Smart' })).toBeChecked();
  await form.getByRole('spinbutton', { name: 'Credits spent' }).fill('50');
  await expect(form.getByRole('checkbox', { name: 'Spent at least' })).toBeChecked();
  await form.getByRole('radio', { name: 'in the last' }).check();
  await form.getByRole('spinbutton', { name: 'Days of spending' }).fill('30');
  await captureScreens(page, 'lists-editor');
  await form.getByRole('button', { name: 'Create list' }).click();
  const smart = page.getByTestId('fan-list').filter({ hasText: 'Spent 50+ this month' });
  await expect(smart).toContainText('2 fans');
  await expect(smart).toContainText('Spent at least 50 credits in the last 30 days');

  // A custom list to leave out, with one of the two big spenders, added from his conversation.
  await page.getByRole('link', { name: 'New list' }).click();
  await page.getByRole('form', { name: 'New list' }).getByLabel('Name').fill('Already has the set');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByTestId('fan-list').filter({ hasText: 'Already has the set' })).toContainText(
    '0 fans',
  );
  await captureScreens(page, 'lists');
  await page.goto(`/chats/${leftOut.id}`);
  await page.getByRole('button', { name: `Lists ${leftOut.username} is on` }).click();
  const menu = page.getByRole('menu', { name: `Lists for ${leftOut.username}` });
  await expect(menu.getByRole('menuitemcheckbox', { name: /Spent 50\+ this month/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await menu.getByRole('menuitemcheckbox', { name: 'Already has the set' }).click();
  await expect(page.getByText(`${leftOut.username} added to “Already has the set”.`)).toBeVisible();

  // The smart list as an inbox tab: exactly the two who spent 50 or more, with its count.
  await page.goto('/lists');
  await page.getByRole('button', { name: 'Open Spent 50+ this month in your inbox' }).click();
  const tab = page.getByRole('tab', { name: /Spent 50\+ this month/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toContainText('2');
  const panel = page.getByRole('tabpanel', { name: 'Spent 50+ this month' });
  await expect(panel.getByText(chosen.username, { exact: true })).toBeVisible();
  await expect(panel.getByText(leftOut.username, { exact: true })).toBeVisible();
  await expect(panel.getByText(small.username, { exact: true })).toHaveCount(0);
  await captureScreens(page, 'lists-inbox-tab');

  // The chosen fan waits in his chat for what comes.
  const fanPage = await signedInPage(browser, chosen, `/chats/${creator.id}`);
  const fanLog = fanPage.getByRole('log', { name: 'Messages' });
  await expect(fanLog.getByText(`Hi, I am ${chosen.username}`)).toBeVisible();

  // The broadcast: to the list, less the other list, a paid photo, two minutes from now in her zone.
  await page.goto('/lists');
  await page.getByRole('button', { name: 'Broadcast to Spent 50+ this month' }).click();
  const compose = page.getByRole('form', { name: 'New broadcast' });
  await expect(compose.getByRole('radio', { name: 'A list' })).toBeChecked();
  await compose.getByRole('checkbox', { name: 'Already has the set' }).check();
  await expect(compose.getByTestId('broadcast-reach')).toHaveText('This broadcast will reach 1 fan.');
  await compose.getByLabel('Message').fill(caption);
  const chooser = page.waitForEvent('filechooser');
  await compose.getByRole('button', { name: 'Photo or video' }).click();
  await (await chooser).setFiles(photo);
  await compose.getByLabel('Price in credits').fill('20');
  await compose.getByRole('switch', { name: 'Send later' }).check();
  // The next minute but one on the browser's clock, as the creator would type it.
  const at = await page.evaluate(() => {
    const t = new Date(Date.now() + 120_000);
    t.setSeconds(0, 0);
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}`,
      time: `${two(t.getHours())}:${two(t.getMinutes())}`,
      ms: t.getTime(),
    };
  });
  await compose.getByLabel('Date').fill(at.date);
  await compose.getByLabel('Time').fill(at.time);
  await expect(compose).toContainText(`Your time zone: ${ZONE}`);
  await captureScreens(page, 'broadcast-schedule');
  await compose.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('broadcast-scheduled')).toContainText(`(${ZONE})`);

  // Listed as scheduled, its time shown back in her zone, its list and the one left out.
  const row = page.getByTestId('scheduled-broadcast').filter({ hasText: caption });
  await expect(row).toContainText('Spent 50+ this month');
  await expect(row).toContainText('Leaving out');
  await expect(row).toContainText('Already has the set');
  await expect(row).toContainText('20 credits');
  await expect(row).toContainText(`(${ZONE})`);
  await captureScreens(page, 'broadcast-scheduled');
  expect(await textsOf(request, chosen, chosenChat)).not.toContain(caption);

  // Meanwhile, a saved reply, inserted with `/` for the fan who spent little, and sent.
  await page.goto('/account/settings/saved-replies');
  await page.getByRole('button', { name: 'New saved reply' }).click();
  await page.getByLabel('Title').fill('Welcome');
  await page.getByLabel('Text', { exact: true }).fill('Hi {fan}, it is {me}. Glad you wrote!');
  await page.getByRole('button', { name: 'Add reply' }).click();
  await expect(page.getByTestId('saved-reply').filter({ hasText: '/Welcome' })).toBeVisible();
  await page.goto(`/chats/${small.id}`);
  const box = page.getByRole('textbox', { name: `Message ${small.username}` });
  await box.fill('/wel');
  const offered = page.getByRole('listbox', { name: 'Saved replies' });
  await expect(offered.getByRole('option', { name: /Welcome/ })).toHaveAttribute('aria-selected', 'true');
  await captureScreens(page, 'saved-reply-slash');
  await box.press('Enter');
  const filled = `Hi ${small.username}, it is ${creator.username}. Glad you wrote!`;
  await expect(box).toHaveValue(filled);
  await expect(offered).toHaveCount(0);
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(filled)).toBeVisible();
  await expect.poll(() => textsOf(request, small, smallChat)).toContain(filled);

  // At its time the chosen fan receives it live, locked at its price; not before.
  await expect(fanLog.getByText(caption)).toBeVisible({ timeout: 200_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(at.ms - 2_000);
  await expect(fanLog.getByTestId('locked-media').filter({ hasText: '20 credits' })).toHaveCount(1);
  // Never to the fan on the list left out, nor to the one who is not on the list.
  expect(await textsOf(request, leftOut, leftOutChat)).not.toContain(caption);
  expect(await textsOf(request, small, smallChat)).not.toContain(caption);
  fs.rmSync(dir, { recursive: true, force: true });
});
