import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptSignUpTerms, closeVerifyPopup, newAccount } from './support/accounts';
import { startServerWithSmtp, startSmtp } from './support/mail-server';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// Account basics: the sign-up consents, a forgotten password reset through a real
// mail, changing the password in settings, and downloading one's data. The reset mail is read
// from an SMTP server started here, as in fan-verifies-email.spec.ts.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The ZIP is read with the library the server writes it with.
const { unzipSync, strFromU8 } = createRequire(path.join(root, 'apps/server/package.json'))('fflate') as {
  unzipSync: (data: Uint8Array) => Record<string, Uint8Array>;
  strFromU8: (data: Uint8Array) => string;
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let parlor: Awaited<ReturnType<typeof startServerWithSmtp>>;
const PORT = Number(process.env.E2E_MAIL_PORT ?? 8093);
const account = newAccount('basics');
const NEW_PASSWORD = 'fresh-horse-42';
const CHANGED_PASSWORD = 'third-horse-77';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  parlor = await startServerWithSmtp(smtp.port, PORT);
});
test.afterAll(async () => {
  await parlor?.stop();
  await smtp?.close();
});

/** The reset link of the `n`-th reset mail to `email`. */
const resetLink = (email: string, n = 1) =>
  smtp.link(
    email,
    /Reset your Parlor password/,
    /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/,
    n,
  );

/** Signed in: the app's main navigation is there. */
async function expectShell(page: Page) {
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }),
  ).toBeVisible();
}

async function signInAt(page: Page, login: string, password: string) {
  await page.goto(`${parlor.baseUrl}/login`);
  await page.getByLabel('Email or username', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign-up asks for the 18+ confirmation and the terms, and will not go on without them', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/v1/users/sign') && sent.push(r.url()));
  await page.goto(`${parlor.baseUrl}/login/signup`);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  const adult = page.getByRole('checkbox', { name: 'I am 18 or older' });
  const terms = page.getByRole('checkbox', { name: 'I accept the Terms of Service and Privacy Policy' });
  await expect(adult).not.toBeChecked();
  await expect(terms).not.toBeChecked();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must be 18 or older to use Parlor.')).toBeVisible();
  await expect(page.getByText('Please accept the Terms of Service and Privacy Policy.')).toBeVisible();
  await expect(adult).toBeFocused();
  expect(sent).toEqual([]);
  await captureScreens(page, 'signup-consents');

  // The terms open in a page of their own, the form kept.
  const [terms_page] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Terms of Service' }).click(),
  ]);
  await expect(terms_page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(terms_page.getByText(/at least 18 years old/)).toBeVisible();
  await captureScreens(terms_page, 'terms');
  await terms_page.close();

  await acceptSignUpTerms(page);
  await expect(page.getByText('You must be 18 or older to use Parlor.')).toBeHidden();
  await page.getByRole('button', { name: 'Create account' }).click();
  await closeVerifyPopup(page);
  await expectShell(page);
  expect(sent).toHaveLength(1);
});

test('a forgotten password is reset through the emailed link, once, and the new one signs in', async ({
  page,
}) => {
  await page.goto(`${parlor.baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await captureScreens(page, 'forgot-password');
  await page.getByLabel('Email or username', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(done).toContainText('If an account matches, we have emailed a link');
  await captureScreens(page, 'forgot-password-sent');

  // The same answer for an account nobody has.
  await page.getByRole('button', { name: 'Send it again' }).click();
  await page.getByLabel('Email or username', { exact: true }).fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    'If an account matches, we have emailed a link',
  );

  const link = await resetLink(account.email);
  expect(link.startsWith(`${parlor.baseUrl}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill('not-the-same');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await captureScreens(page, 'reset-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await captureScreens(page, 'reset-password-done');

  // The link works once, and opened again it says so at once: no new password is asked for.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' }).first()).toBeVisible();
  await captureScreens(page, 'reset-password-used');

  await signInAt(page, account.username, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password.' })).toBeVisible();
  await signInAt(page, account.email, NEW_PASSWORD);
  await expectShell(page);
});

test('changing the password in settings signs the other device out and keeps this one', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAt(otherPage, account.username, NEW_PASSWORD);
  await expectShell(otherPage);

  await signInAt(page, account.email, NEW_PASSWORD);
  await expectShell(page);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /^Password/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\/password$/);

  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await captureScreens(page, 'change-password-wrong');

  await page.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText(/Your password has been changed\. \d+ other devices? (was|were) signed out\./),
  ).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');
  await captureScreens(page, 'change-password-done');

  // This device is still signed in; the other one is back at sign-in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Password', level: 1 })).toBeVisible();
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('"Download my data" saves a ZIP with the account’s data as JSON and CSV', async ({ page }) => {
  await signInAt(page, account.username, CHANGED_PASSWORD);
  await expectShell(page);
  await page.goto(`${parlor.baseUrl}/account/settings/privacy`);
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();
  await captureScreens(page, 'privacy-your-data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^parlor-data-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  await expect(page.getByText(/Your data was downloaded as parlor-data-/)).toBeVisible();
  const file = await download.path();
  const files = unzipSync(new Uint8Array(fs.readFileSync(file)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['data.json', 'messages.csv', 'ledger.csv', 'README.txt']),
  );
  const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
  expect(data.profile).toMatchObject({ username: account.username, email: account.email, type: 'user' });
  expect(data.profile.terms_accepted_at).toEqual(expect.any(String));
  expect(Array.isArray(data.messages)).toBe(true);

  // A second one right away is refused with a sentence a person understands.
  await card.getByRole('button', { name: 'Download my data' }).click();
  await expect(card.getByRole('alert')).toContainText('You downloaded your data a moment ago');
});
