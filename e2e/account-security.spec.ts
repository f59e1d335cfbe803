import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_MESSAGES } from '@parlor/contract';
import { closeVerifyPopup, expectShell, newAccount, signIn, signOut, signUp } from './support/accounts';
import { startServerWithSmtp, startSmtp } from './support/mail-server';
import { expect, type Locator, type Page, test } from './support/test';

// Account security: a fan turns on two-factor sign-in and signs in with a code (and a recovery
// code); a creator adds a passkey in Chromium's virtual authenticator and signs in with it alone,
// then, with two-factor sign-in on, changing her payout details asks for a fresh code. Passkeys
// need a host name (no IP address), so this journey's own server is opened at localhost; payout
// changes mail a code, read from an SMTP server started here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Codes are computed with the library the server checks them with.
const { TOTP, Secret } = createRequire(path.join(root, 'apps/server/package.json'))('otpauth') as {
  TOTP: new (options: {
    secret: unknown;
    digits: number;
    period: number;
  }) => {
    generate(options: { timestamp: number }): string;
  };
  Secret: { fromBase32(text: string): unknown };
};

// Not E2E_PORT + 100 (the second server process on PostgreSQL), nor +50/+60/+70/+71/+80 (other journeys).
const PORT = Number(process.env.E2E_SECURITY_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 90);
const BASE = `http://localhost:${PORT}`;
const docs = path.resolve(root, 'docs/screenshots');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let parlor: Awaited<ReturnType<typeof startServerWithSmtp>>;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  parlor = await startServerWithSmtp(smtp.port, PORT, { E2E_HOST: 'localhost' });
});
test.afterAll(async () => {
  await parlor?.stop();
  await smtp?.close();
});

const STEP_MS = 30_000;

/**
 * The codes of one secret, each of a newer 30-second step than the last, as the server accepts a
 * step once: the current step, then the next (one step of drift is accepted), then it waits.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  let last = 0;
  return {
    async next(): Promise<string> {
      const now = Math.floor(Date.now() / STEP_MS);
      const step = Math.max(last + 1, now);
      if (step > now + 1) await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - Date.now() + 200));
      last = step;
      return totp.generate({ timestamp: step * STEP_MS });
    },
  };
}

/** Security settings: turns two-factor sign-in on and answers the app's codes and the recovery codes. */
async function turnOnTwoFactor(page: Page, password: string, shots = false) {
  await page.goto('/account/settings/security');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shots) await shootForDocs(page, 'security-setup', card.getByTestId('totp-secret'));
  const app = authenticator(secret);
  await card.getByLabel('6-digit code').fill(await app.next());
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByText('Two-factor sign-in is on.')).toBeVisible();
  const codes = await card
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  if (shots)
    await shootForDocs(page, 'security-recovery-codes', card.getByRole('list', { name: 'Recovery codes' }));
  return { app, codes, card };
}

test('a fan turns on two-factor sign-in, signs in with a code and a recovery code, and turns it off', async ({
  page,
}) => {
  const fan = newAccount('tfa-fan');
  await signUp(page, fan, 'Fan', 'male');
  await closeVerifyPopup(page);
  await expectShell(page);

  const { app, codes, card } = await turnOnTwoFactor(page, fan.password, true);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe(`parlor-recovery-codes-${fan.username}.txt`);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 of 10 recovery codes left')).toBeVisible();
  await shootForDocs(page, 'security-on', card);

  // The password alone no longer signs in: the code step follows it.
  await signOut(page);
  await signIn(page, fan.username, fan.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const field = page.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toBeFocused();
  await shootForDocs(page, 'sign-in-code');
  await field.fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: SECURITY_MESSAGES.wrongCode })).toBeVisible();
  await field.fill(await app.next());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectShell(page);

  // A recovery code works once, in place of the app's code.
  await signOut(page);
  await signIn(page, fan.email, fan.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByText(/recovery codes you saved/)).toBeVisible();
  await page.getByLabel('Recovery code').fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectShell(page);
  await page.goto('/account/settings/security');
  await expect(card.getByText('9 of 10 recovery codes left')).toBeVisible();

  // New recovery codes, then turning it off: each asks for a code in the one prompt.
  await card.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'New recovery codes' });
  await renew.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await renew.getByLabel('Recovery code').fill(codes[0]!);
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  await expect(renew.getByText(SECURITY_MESSAGES.recoveryCodeUsed)).toBeVisible();
  await renew.getByLabel('Recovery code').fill(codes[1]!);
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  await expect(renew).toBeHidden();
  await expect(
    card.getByText('Your new recovery codes are ready: the old ones no longer work.'),
  ).toBeVisible();
  const fresh = await card
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(fresh).not.toContain(codes[2]);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await card.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await off.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await off.getByLabel('Recovery code').fill(fresh[0]!);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toBeHidden();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
});

test('a creator adds a passkey and signs in with it alone; with two-factor on, payout details ask for a code', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  const creator = newAccount('tfa-creator');
  await signUp(page, creator, 'Creator', 'female');
  await closeVerifyPopup(page);

  // Adding a passkey asks for the password (two-factor sign-in is still off).
  await page.goto('/account/settings/security');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill('Test laptop');
  await passkeys.getByLabel('Password', { exact: true }).fill(creator.password);
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  const added = passkeys.getByTestId('passkey');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Test laptop');
  await expect(added).toContainText('Not used yet');

  // Signing in with it needs no password at all.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectShell(page);

  // Her money screens ask her to protect them until two-factor sign-in is on.
  await page.goto('/account/settings/payouts');
  const banner = page.getByRole('region', { name: 'Protect your earnings with two-factor sign-in' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Turn it on' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  const { app, card } = await turnOnTwoFactor(page, creator.password);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await page.goto('/account/earnings/summary');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();

  // A payout change: the mailed code, then a fresh code from the app in the one prompt.
  await page.goto('/account/settings/payouts');
  await expect(page.getByRole('heading', { name: 'Payout details', level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  await page.getByLabel('Payout method').selectOption('paypal_transfer');
  await page.getByLabel('PayPal email').fill(`${creator.username}@example.com`);
  await page.getByRole('button', { name: 'Save payout details' }).click();
  const verify = page.getByRole('dialog', { name: 'Verification required' });
  await expect(verify).toBeVisible();
  // The sign-up mail is the first; the payout change code the second.
  const mailed = await smtp.code(creator.email, 2);
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(mailed, { delay: 30 });
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(SECURITY_MESSAGES.stepUpRequired)).toBeVisible();
  await shootForDocs(page, 'step-up-code');
  await prompt.getByLabel('6-digit code').fill(await app.next());
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  await expect(verify).toBeHidden();
  await expect(page.getByText('Your payout information has been updated.')).toBeVisible();
  await expect(page.getByText(/Currently: PayPal/)).toBeVisible();
});

test('an admin resets two-factor sign-in for a fan who lost every factor, and the password signs in again', async ({
  page,
  browser,
}) => {
  const fan = newAccount('tfa-lost');
  await signUp(page, fan, 'Fan', 'male');
  await closeVerifyPopup(page);
  await expectShell(page);
  const { card } = await turnOnTwoFactor(page, fan.password);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await signOut(page);

  // The admin, having confirmed who it is, resets it from the console with how she confirmed it.
  const context = await browser.newContext({ baseURL: BASE });
  const admin = await context.newPage();
  await signIn(admin, 'admin', 'password123');
  await expectShell(admin);
  await admin.goto('/admin/users');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(fan.username);
  await admin.getByRole('button', { name: 'Search' }).click();
  const account = admin.getByRole('article', { name: `Account ${fan.username}`, exact: true });
  await account.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  const dialog = admin.getByRole('dialog', { name: `Reset two-factor sign-in: @${fan.username}` });
  await expect(dialog.getByRole('button', { name: 'Reset' })).toBeDisabled();
  await dialog.getByLabel(/How you confirmed it is them/).fill('Video call; matched the ID on file');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog).toBeHidden();
  await context.close();

  await signIn(page, fan.username, fan.password);
  await expectShell(page);
  await page.goto('/account/settings/security');
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('Off', { exact: true }),
  ).toBeVisible();
});

/** With E2E_DOCS_SCREENSHOTS=1, the screen at phone and desktop width into docs/screenshots/. */
async function shootForDocs(page: Page, name: string, focus?: Locator) {
  if (process.env.E2E_DOCS_SCREENSHOTS !== '1') return;
  const original = page.viewportSize();
  for (const size of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    // Its subject in view (a page taken whole repeats the fixed header in the middle).
    await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(docs, `${name}-${size.width}.png`), animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}
