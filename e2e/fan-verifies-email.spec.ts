import { acceptSignUpTerms, newAccount } from './support/accounts';
import { startServerWithSmtp, startSmtp } from './support/mail-server';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// These journeys read real mail: an SMTP server started here, and a Parlor server whose SMTP_URL
// points at it (the shared server of the run writes mail to its outbox instead).
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let parlor: Awaited<ReturnType<typeof startServerWithSmtp>>;
const PORT = Number(process.env.E2E_MAIL_PORT ?? 8093);

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

async function signUpAt(page: Page, email: string, username: string, kind: 'Fan' | 'Creator') {
  await page.goto(`${parlor.baseUrl}/login/signup`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await page.getByLabel('Confirm password', { exact: true }).fill('correct-horse-9');
  await page.getByRole('radio', { name: kind, exact: true }).check();
  await acceptSignUpTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
}

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 4`);

async function typeCode(page: Page, code: string) {
  await box(page, 1).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** A real paste: the code is put on the clipboard event the browser fires on the focused box. */
async function pasteCode(page: Page, code: string) {
  await box(page, 1).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  }, code);
}

test('a new fan verifies the emailed code in the one sheet after sign-up, surviving a wrong one', async ({
  page,
}) => {
  const fan = newAccount('fanmail');
  await signUpAt(page, fan.email, fan.username, 'Fan');

  // The onboarding popup opens on its own, with the address the code went to: the only sheet.
  const popup = page.getByRole('dialog', { name: 'Please verify your email' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(fan.email);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Verify Your Email Address' })).toBeVisible();
  const code = await smtp.code(fan.email);
  await captureScreens(page, 'verify-code');

  // Focus advances box by box; backspace on an empty box goes back and clears it.
  await typeCode(page, '12');
  await expect(box(page, 3)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(page, 2)).toBeFocused();
  await expect(box(page, 2)).toHaveValue('');
  await expect(box(page, 1)).toHaveValue('1');
  await page.keyboard.press('Backspace');
  await expect(box(page, 1)).toBeFocused();
  await expect(box(page, 1)).toHaveValue('');

  // A wrong code: the spec's message, and every box is emptied.
  const wrong = code === '0000' ? '1111' : '0000';
  await typeCode(page, wrong);
  await popup.getByRole('button', { name: 'Verify My Account' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Wrong code. Please try again.');
  for (const n of [1, 2, 3, 4]) await expect(box(page, n)).toHaveValue('');
  await captureScreens(page, 'verify-wrong-code');

  // While the 30 s cooldown runs, resend is disabled.
  await popup.getByRole('button', { name: "I can't see the email in my inbox" }).click();
  await expect(page.getByRole('dialog', { name: "Can't see verification e-mail" })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend verification/ })).toBeDisabled();
  await page.getByRole('button', { name: 'I have a code' }).click();

  // Pasting exactly four digits fills the boxes and submits at once.
  await pasteCode(page, code);
  const done = page.getByRole('dialog', { name: 'Email Verified' });
  await expect(done).toContainText('Your email has been successfully verified.');
  await expect(done.getByRole('button', { name: /^Continue \(\d\)$/ })).toBeVisible();
  await captureScreens(page, 'verify-done');

  // The done stage is the same sheet; its 5-second countdown closes it and nothing follows: the
  // sign-up form took the gender, so nothing is asked again.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(done).toBeHidden({ timeout: 8_000 });
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Verify Your Email Address' })).toBeHidden();

  await page.goto(`${parlor.baseUrl}/account`);
  await expect(page.getByText('Email verified')).toBeVisible();
});

test('a creator confirms a payout change with an emailed code in action mode', async ({ page }) => {
  const creator = newAccount('creatormail');
  await signUpAt(page, creator.email, creator.username, 'Creator');
  await page
    .getByRole('dialog', { name: 'Please verify your email' })
    .getByRole('button', { name: 'Close' })
    .click();

  // The saved details arrive only after the creator has typed: what was typed stays.
  let releaseDefaults: () => void = () => undefined;
  const defaultsHeld = new Promise<void>((resolve) => {
    releaseDefaults = resolve;
  });
  await page.route('**/v2/account/defaults', async (route) => {
    if (route.request().method() === 'GET') await defaultsHeld;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('link', { name: /Payout details/ }).click();
  await page.getByLabel('Payout method').selectOption('paypal_transfer');
  await page.getByLabel('PayPal email').fill('me@paypal.example');
  const answered = page.waitForResponse(
    (res) => res.url().includes('/v2/account/defaults') && res.request().method() === 'GET',
  );
  releaseDefaults();
  await answered;
  await page.waitForTimeout(300);
  await expect(page.getByLabel('PayPal email')).toHaveValue('me@paypal.example');
  await expect(page.getByLabel('Payout method')).toHaveValue('paypal_transfer');
  await page.getByRole('button', { name: 'Save payout details' }).click();

  // Action mode: its own title, the masked address, the payout text, a Verify button.
  const popup = page.getByRole('dialog', { name: 'Verification required' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Verification is required to change your payout information.');
  await expect(popup).toContainText(/cre\*+@example\.com/);
  await expect(popup).not.toContainText(creator.email);
  await captureScreens(page, 'verify-action');

  // The sign-up mail is the first; the action code is the second.
  const code = await smtp.code(creator.email, 2);
  await typeCode(page, code);
  await popup.getByRole('button', { name: 'Verify', exact: true }).click();

  // It closes at once and the caller's success callback runs.
  await expect(popup).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'payout information' })).toHaveText(
    'Your payout information has been updated.',
  );
  await expect(page.getByText('Currently: PayPal · me@paypal.example')).toBeVisible();
});
