import type { CardBrand } from '../enums';
import { VALIDATION } from './messages';
import { cardExpiry } from './validators';

/** Card form messages; the expired one is the common validator's wording. */
export const CARD_MESSAGES = {
  number: 'Card number is invalid',
  brand: 'We accept Visa and Mastercard only',
  cvc: 'Security code is invalid',
  month: 'Expiry month is invalid',
  year: 'Expiry year is invalid',
  expired: VALIDATION.cardExpired,
  name: 'Name on card is required',
} as const;

export const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** VISA starts with 4; Mastercard with 51-55 or 2221-2720. Other brands are not accepted. */
export function cardBrand(number: string): CardBrand | null {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return 'VISA';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTER';
  return null;
}

export interface CardFields {
  number: string;
  exp_month: number | string;
  exp_year: number | string;
  cvc: string;
  name: string;
}

/** Every broken rule of a card form, by field; empty when the card may be sent. */
export function cardErrors(card: CardFields, now = new Date()): Partial<Record<keyof CardFields, string>> {
  const errors: Partial<Record<keyof CardFields, string>> = {};
  if (!luhnValid(card.number)) errors.number = CARD_MESSAGES.number;
  else if (!cardBrand(card.number)) errors.number = CARD_MESSAGES.brand;
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.exp_month = CARD_MESSAGES.month;
  if (!Number.isInteger(year) || year < 0 || (year >= 100 && year < 2000) || year > 2100)
    errors.exp_year = CARD_MESSAGES.year;
  if (!errors.exp_month && !errors.exp_year) {
    const expired = cardExpiry(month, year, now);
    if (expired) errors.exp_year = expired;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (card.name.trim() === '') errors.name = CARD_MESSAGES.name;
  else if (/[0-9]/.test(card.name)) errors.name = VALIDATION.name;
  return errors;
}

/** 4242 4242 4242 4242 for display while typing. */
export const formatCardNumber = (number: string) =>
  digitsOf(number)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
