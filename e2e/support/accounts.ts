import { expect, type Page } from '@playwright/test';

export interface NewAccount {
  email: string;
  username: string;
  password: string;
}

/** Unique per call, so a journey never collides with an earlier run or another journey. */
export function newAccount(prefix: string): NewAccount {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { email: `${prefix}-${tag}@example.com`, username: `${prefix}-${tag}`, password: 'correct-horse-9' };
}

/** Fills the sign-up form at /login/signup and submits it. */
export async function signUp(page: Page, account: NewAccount, kind: 'Fan' | 'Creator', gender: string) {
  await page.goto('/login/signup');
  await fillSignUp(page, account, kind, gender);
}

/** Fills the sign-up form already open (a referral link's, say) and submits it. */
export async function fillSignUp(page: Page, account: NewAccount, kind: 'Fan' | 'Creator', gender: string) {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('radio', { name: kind, exact: true }).check();
  await page.getByLabel('Gender', { exact: true }).selectOption(gender);
  await acceptSignUpTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Ticks the sign-up form's two required boxes: 18 or older, and the terms and privacy policy. */
export async function acceptSignUpTerms(page: Page) {
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
}

/** Fills the sign-in form at /login and submits it. */
export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The signed-in shell: its navigation offers Chats, Discover and Account. */
export async function expectShell(page: Page) {
  // In the main navigation: a new fan's empty inbox also links to Discover.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Chats', 'Discover', 'Account']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
}

export async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
}

/**
 * After sign-up the email verification popup opens, the one sheet of onboarding: nothing stacks on
 * it and nothing follows it. Journeys that verify later close it.
 */
export async function closeVerifyPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Please verify your email' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
