import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acceptSignUpTerms, closeVerifyPopup, newAccount } from './support/accounts';
import { startServerWithSmtp, startSmtp } from './support/mail-server';
import { attach, makePhoto } from './support/media';
import { captureScreens } from './support/screens';
import { type Browser, expect, type Page, test } from './support/test';

// A creator's team: mila invites someone by email, who joins with an account of their own from
// the mailed link, switches to her workspace on a phone, answers a fan and sells him a photo. The
// fan sees that her team wrote it; mila sees the sale under the member, then removes them, and
// the member's open workspace goes back to their own account at once.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let parlor: Awaited<ReturnType<typeof startServerWithSmtp>>;
const PORT = Number(process.env.E2E_MAIL_PORT ?? 8093);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  parlor = await startServerWithSmtp(smtp.port, PORT);
});
test.afterAll(async () => {
  await parlor?.stop();
  await smtp?.close();
});

/** The join link of the invite mailed to `email`. */
const inviteLink = (email: string) =>
  smtp.link(email, /invited you/, /https?:\/\/[^\s"<]+\/team\/join\?[^\s"<]+/);

async function signedIn(browser: Browser, login: string, size = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: parlor.baseUrl, viewport: size });
  const page = await context.newPage();
  const res = await page.request.post('/v1/auth', { data: { login, password: 'password123' } });
  expect(res.status()).toBe(200);
  const { access_token } = await res.json();
  // Once, not on every load: a page that swaps its session keeps what it swapped to.
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('auth-token', token), access_token);
  return page;
}

test('a team member joins from the mailed link, sells a photo as mila, and is removed at once', async ({
  browser,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-e2e-team-'));
  const photo = await makePhoto(dir, 'team.jpg', '#3f8cf2');
  const member = newAccount('teammate');

  // Mila invites the address, for chats and paid messages.
  const mila = await signedIn(browser, 'mila');
  await mila.goto('/account');
  await mila.getByRole('link', { name: /^Team/ }).click();
  await expect(mila.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const invite = mila.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(member.email);
  await expect(invite.getByRole('checkbox', { name: 'Chats' })).toBeChecked();
  await invite.getByRole('checkbox', { name: 'Paid messages' }).check();
  await expect(invite.getByRole('checkbox', { name: 'Paid messages' })).toHaveAccessibleDescription(
    'Send paid messages and change prices and per-fan rates.',
  );
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(mila.getByRole('status').filter({ hasText: `Invite sent to ${member.email}.` })).toBeVisible();
  await expect(mila.getByTestId('team-invite')).toContainText(member.email);
  // The same address twice: the contract's message.
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByText('An invite to this email address is already pending.')).toBeVisible();
  await captureScreens(mila, 'team-invites');

  // The invitee opens the mailed link signed out, on a phone, and creates an account.
  const link = await inviteLink(member.email);
  expect(link).toContain('creator=mila');
  const phone = await (await browser.newContext({ baseURL: parlor.baseUrl, viewport: PHONE })).newPage();
  // What the seat's screens asked for and were refused: nothing, they hide what it may not do.
  const refused: string[] = [];
  phone.on('response', (res) => {
    if (res.status() === 403) refused.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: "Join mila's team" })).toBeVisible();
  await phone.getByRole('link', { name: 'Create an account' }).click();
  await phone.getByLabel('Email', { exact: true }).fill(member.email);
  await phone.getByLabel('Username', { exact: true }).fill(member.username);
  await phone.getByLabel('Password', { exact: true }).fill(member.password);
  await phone.getByLabel('Confirm password', { exact: true }).fill(member.password);
  await phone.getByRole('radio', { name: 'Fan', exact: true }).check();
  await phone.getByLabel('Gender', { exact: true }).selectOption('female');
  await acceptSignUpTerms(phone);
  await phone.getByRole('button', { name: 'Create account' }).click();

  // Back on the link, signed in: confirm, then open the workspace from the header's switcher.
  await closeVerifyPopup(phone);
  await expect(phone).toHaveURL(/\/team\/join\?token=/);
  await phone.getByRole('button', { name: "Join mila's team" }).click();
  await expect(phone.getByRole('heading', { name: "You joined mila's team" })).toBeVisible();
  await expect(phone.getByText('Paid messages')).toBeVisible();
  const switcher = phone.getByTestId('workspace-switcher');
  await switcher.click();
  await expect(phone.getByRole('menuitemradio', { name: /My account/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await captureScreens(phone, 'team-switcher');
  await phone.getByRole('menuitemradio', { name: /mila's team/ }).click();

  // Mila's inbox, worked by the member: the seat bar says so, and nothing of hers is offered.
  await expect(phone).toHaveURL(/\/chats$/);
  const bar = phone.getByRole('region', { name: 'Team seat' });
  await expect(bar).toContainText("Working as mila's team");
  await expect(bar).toContainText(`Signed in as ${member.username}`);
  expect(await phone.evaluate(() => localStorage.getItem('own-auth-token'))).toBeTruthy();
  const tabs = phone.getByRole('navigation', { name: 'Main' }).last();
  await expect(tabs.getByRole('link', { name: 'Chats' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Earnings' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Vault' })).toHaveCount(0);

  // The member answers alex and sends him a paid photo.
  await phone.getByRole('link', { name: /alex/ }).first().click();
  const composer = phone.getByPlaceholder('Message alex');
  await composer.fill('Hi alex, mila asked me to send you something special.');
  await phone.getByRole('button', { name: 'Send', exact: true }).click();
  const log = phone.getByRole('log', { name: 'Messages' });
  const sent = log.locator('li').filter({ hasText: 'mila asked me to send you something special' });
  await expect(sent.getByTestId('message-author')).toHaveText(`Sent by ${member.username}`);
  await attach(phone, photo);
  const sheet = phone.getByRole('dialog', { name: 'Send a photo' });
  await sheet.getByLabel('Price in credits').fill('30');
  await sheet.getByRole('button', { name: 'Send for 30 credits' }).click();
  await expect(log.getByTestId('media-bubble').last()).toContainText('30 credits · Not bought yet');
  await expect(phone.getByRole('region', { name: 'Team seat' })).toBeVisible();
  await captureScreens(phone, 'team-seat-conversation');

  // Alex sees honestly who wrote, and buys the photo.
  const alex = await signedIn(browser, 'alex');
  const milaId = await alex.evaluate(async () => {
    const res = await fetch('/v1/users/mila', {
      headers: { 'access-token': localStorage.getItem('auth-token') ?? '' },
    });
    return ((await res.json()) as { _id: string })._id;
  });
  await alex.goto(`/chats/${milaId}`);
  const alexLog = alex.getByRole('log', { name: 'Messages' });
  const fromTeam = alexLog.locator('li').filter({ hasText: 'mila asked me to send you something special' });
  await expect(fromTeam.getByTestId('message-author')).toHaveText("Written by mila's team");
  await expect(alexLog).not.toContainText(member.username);
  const locked = alexLog.getByTestId('locked-media').last();
  await locked.getByRole('button', { name: 'Unlock for 30 credits' }).click();
  await expect(alex.getByRole('status').getByText('Unlocked for 30 credits.')).toBeVisible();
  const photoItem = alexLog
    .locator('li')
    .filter({ has: alex.getByTestId('media-bubble') })
    .last();
  await expect(photoItem.getByTestId('message-author')).toHaveText("Written by mila's team");
  await captureScreens(alex, 'team-fan-sees-team');

  // The member's workspace sees the sale.
  await expect(log.getByTestId('media-bubble').last()).toContainText('30 credits · Bought');
  // Around the seat's screens: its account page, Discover, then back to the chat.
  await phone.getByRole('link', { name: 'Back to chats' }).click();
  await phone.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  // The bar's and the account card's.
  await expect(phone.getByRole('button', { name: 'Back to my account' })).toHaveCount(2);
  await expect(phone.getByRole('link', { name: /Payout details|Password|Sessions|Team/ })).toHaveCount(0);
  await captureScreens(phone, 'team-seat-account');
  await phone.goto('/account/settings/payouts');
  await expect(phone.getByRole('heading', { name: 'Not part of this seat' })).toBeVisible();
  await phone.goto('/chats');
  await phone.getByRole('link', { name: /alex/ }).first().click();
  await expect(log.getByTestId('media-bubble').last()).toContainText('30 credits · Bought');
  expect(refused).toEqual([]);

  // Mila sees who wrote in her conversation, and the sale under the member in the stats.
  await mila.goto('/chats');
  await mila.getByRole('link', { name: /alex/ }).first().click();
  const milaLog = mila.getByRole('log', { name: 'Messages' });
  await expect(
    milaLog
      .locator('li')
      .filter({ hasText: 'mila asked me to send you something special' })
      .getByTestId('message-author'),
  ).toHaveText(`Sent by ${member.username}`);
  await captureScreens(mila, 'team-creator-conversation');
  await mila.goto('/account/settings/team/stats');
  const table = mila.getByRole('table', { name: 'Figures by author' });
  const memberRow = table.getByRole('row', { name: new RegExp(member.username) });
  await expect(memberRow.getByRole('cell')).toHaveText(['2', '1', '1', '$3.00', '$0.00', /./]);
  await expect(table.getByRole('row', { name: /^You/ })).toBeVisible();
  await mila.setViewportSize(PHONE);
  const card = mila
    .getByRole('list', { name: 'Figures by author' })
    .getByRole('listitem', { name: member.username });
  await expect(card).toContainText('Paid sold1');
  await expect(card).toContainText('$3.00');
  await captureScreens(mila, 'team-stats');
  await mila.setViewportSize(DESKTOP);

  // The activity log names what the member did.
  await mila.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(mila.getByTestId('team-activity').first()).toContainText(
    `${member.username} sent a paid message`,
  );
  await captureScreens(mila, 'team-activity');

  // Mila removes the member: their open workspace returns to their own account at once.
  await mila.getByRole('link', { name: 'Members', exact: true }).click();
  const row = mila.getByRole('listitem', { name: member.username });
  await expect(row).toContainText('Last active');
  await captureScreens(mila, 'team-members');
  await row.getByRole('button', { name: `Remove ${member.username}` }).click();
  const confirm = mila.getByRole('dialog', { name: `Remove ${member.username} from your team?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(mila.getByText('Nobody has joined yet.')).toBeVisible();

  const ended = phone.getByRole('dialog', { name: 'Back in your account' });
  await expect(ended).toContainText("Your seat on mila's team has ended.", { timeout: 15_000 });
  await expect(phone.getByRole('region', { name: 'Team seat' })).toHaveCount(0);
  expect(await phone.evaluate(() => localStorage.getItem('own-auth-token'))).toBeNull();
  await ended.getByRole('button', { name: 'OK' }).click();
  await phone.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(phone.getByText(member.email, { exact: true })).toBeVisible();
  // Off the team: no switcher left.
  await expect(phone.getByTestId('workspace-switcher')).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
