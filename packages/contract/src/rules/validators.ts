import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { ERRORS, USERNAME, VALIDATION } from './messages';

/** A validator answers the spec's message when the value breaks its rule, else undefined. */
export type Validator = (value: string) => string | undefined;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_RE = /^\+?[0-9 ()-]{7,20}$/;

export const required: Validator = (v) => (v.trim() === '' ? VALIDATION.required : undefined);
export const email: Validator = (v) => (EMAIL_RE.test(v.trim()) ? undefined : VALIDATION.email);
export const phone: Validator = (v) => (PHONE_RE.test(v.trim()) ? undefined : VALIDATION.phone);
export const password: Validator = (v) => (v.length < PASSWORD_MIN ? VALIDATION.password : undefined);
export const handleChars: Validator = (v) =>
  /^[A-Za-z0-9_.]*$/.test(v) ? undefined : VALIDATION.handleChars;

export const passwordsMatch = (a: string, b: string) => (a === b ? undefined : VALIDATION.passwordsMatch);
export const fieldsMatch = (a: string, b: string) => (a === b ? undefined : VALIDATION.fieldsMatch);

/** Month 1-12 and a two- or four-digit year; expired when the month is over. */
export function cardExpiry(month: number, year: number, now = new Date()): string | undefined {
  const fullYear = year < 100 ? 2000 + year : year;
  const endOfMonth = new Date(Date.UTC(fullYear, month, 1));
  return endOfMonth.getTime() <= now.getTime() ? VALIDATION.cardExpired : undefined;
}

/** Runs validators in order and answers the first message. */
export function firstError(value: string, validators: readonly Validator[]): string | undefined {
  for (const validate of validators) {
    const message = validate(value);
    if (message) return message;
  }
  return undefined;
}

/** A leading @ is stripped. */
export const normalizeUsername = (v: string) => v.trim().replace(/^@/, '');

/**
 * A creator's page is `/{username}`: names that are the first part of the app's own paths (and the
 * server's, and the platform's own voice) would give a page nobody reaches, or pose as Parlor. They
 * answer as taken when an account takes or changes its name; an operator's ADMIN_USERNAME may be
 * one (an admin has no page).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'account',
  'admin',
  'api',
  'assets',
  'auto-messages',
  'broadcast',
  'chats',
  'discover',
  'feed',
  'get-credits',
  'gifs',
  'healthz',
  'icons',
  'lists',
  'login',
  'metrics',
  'offline',
  'parlor',
  'privacy',
  'reset-password',
  'support',
  'team',
  'terms',
  'v1',
]);

/** Username rules, checked in order: the first broken rule names the message. */
export const username: Validator = (raw) => {
  const v = normalizeUsername(raw);
  if (v === '') return USERNAME.required;
  if (v.length < USERNAME_MIN) return USERNAME.min;
  if (v.length > USERNAME_MAX) return USERNAME.max;
  if (!/^[A-Za-z0-9-]+$/.test(v)) return USERNAME.chars;
  if (!/^[A-Za-z0-9]/.test(v)) return USERNAME.start;
  if (!/[A-Za-z0-9]$/.test(v)) return USERNAME.end;
  return undefined;
};

// The server answers in the error catalogue's words where it has them; forms keep the validators'.

/** A broken username rule as the server words it; a reserved name is taken. */
export const usernameAnswer: Validator = (raw) => {
  const message = username(raw);
  if (message === USERNAME.max) return ERRORS.usernameTooLong;
  if (message) return message;
  return RESERVED_USERNAMES.has(normalizeUsername(raw).toLowerCase()) ? ERRORS.usernameTaken : undefined;
};

/** An invalid email as the server words it. */
export const emailAnswer: Validator = (v) => (email(v) ? ERRORS.emailNotValid : undefined);
