import { z } from 'zod';
import { StepUpCode } from './account-security';
import { PASSWORD_MAX } from './constants';
import { lazySchema } from './lazy';
import { VALIDATION } from './rules/messages';
import { PasswordInput } from './users';

// Account basics: password reset by emailed link, change password, the sign-up
// consents and the own data export. docs/accounts.md describes the flows.

/** A reset link works this long after it was mailed. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60_000;
/** Between two reset mails for one account; a request inside it is answered alike but sends nothing. */
export const PASSWORD_RESET_COOLDOWN_S = 60;
/** Reset mails one account can receive in 24 hours. */
export const PASSWORD_RESET_DAILY_LIMIT = 5;
/** One data export per account in this window (each walks the whole history). */
export const DATA_EXPORT_COOLDOWN_MS = 10 * 60_000;

export const ACCOUNT_BASICS_MESSAGES = {
  /** The same answer for every request, so it tells nobody which accounts exist. */
  resetRequested:
    'If an account matches, we have emailed a link to reset its password. The link works for 1 hour.',
  resetInvalid: 'This reset link is not valid. Please ask for a new one.',
  resetUsed:
    'This reset link has already been used, or a newer one was sent. Please use the newest link or ask for a new one.',
  resetExpired: 'This reset link has expired. Please ask for a new one.',
  resetDone:
    'Your password has been changed and every device was signed out. Sign in with your new password.',
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChanged: (others: number) =>
    others === 0
      ? 'Your password has been changed.'
      : `Your password has been changed. ${others} other ${others === 1 ? 'device was' : 'devices were'} signed out.`,
  exportCooldown: (minutes: number) =>
    `You downloaded your data a moment ago. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/** POST /v1/auth/password-reset: an email address or a username, as at sign-in. */
export const PasswordResetRequest = lazySchema(() =>
  z.object({
    login: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(254),
  }),
);
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const MessageResponse = lazySchema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponse>;

/** POST /v1/auth/password-reset/confirm: the link's token and the new password (sign-up's rules). */
export const PasswordResetConfirmRequest = lazySchema(() =>
  z.object({
    token: z.string({ error: ACCOUNT_BASICS_MESSAGES.resetInvalid }).min(1).max(200),
    password: PasswordInput,
  }),
);
export type PasswordResetConfirmRequest = z.input<typeof PasswordResetConfirmRequest>;

/**
 * POST /v1/auth/password-reset/check: whether the link's token can still set a password, asked as
 * the reset page opens (a body, not the URL, so the token stays out of request lines).
 */
export const PasswordResetCheckRequest = lazySchema(() =>
  z.object({
    token: z
      .string({ error: ACCOUNT_BASICS_MESSAGES.resetInvalid })
      .min(1, ACCOUNT_BASICS_MESSAGES.resetInvalid)
      .max(200, ACCOUNT_BASICS_MESSAGES.resetInvalid),
  }),
);
export type PasswordResetCheckRequest = z.infer<typeof PasswordResetCheckRequest>;
export const PasswordResetCheckResponse = lazySchema(() => z.object({ valid: z.literal(true) }));

/** POST /v1/users/password: the current password proves it is the owner; the new one follows sign-up's rules. */
export const ChangePasswordRequest = lazySchema(() =>
  z.object({
    current_password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX),
    new_password: PasswordInput,
    /** With two-factor sign-in on: a fresh code from the authenticator app (or a recovery code). */
    code: StepUpCode.optional(),
  }),
);
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = lazySchema(() =>
  z.object({
    message: z.string(),
    /** Sessions on other devices that were signed out. */
    ended_sessions: z.number().int(),
  }),
);
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** The files of the data export's ZIP: data.json holds everything, each CSV one list of it. */
export const DATA_EXPORT_FILES = [
  'data.json',
  'messages.csv',
  'purchases.csv',
  'ledger.csv',
  'tips.csv',
  'subscriptions.csv',
  'payments.csv',
  'payouts.csv',
  'README.txt',
] as const;
