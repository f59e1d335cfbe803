import { type CardFields, type CardInput, cardErrors, digitsOf } from '@parlor/contract';

/** The new-card form's values as typed; expiry is one MM/YY field like a card shows it. */
export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}
export const emptyCardForm: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };
export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

/** "0728" or "07/28" -> month 7, year 28; anything else is not an expiry. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  return { month: Number(m[1]), year: Number(m[2]) };
}

/** Types "0728" as "07/28". */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The contract's card rules (Luhn, brand, expiry with the spec's 'Credit / debit card expired'). */
export function validateCardForm(values: CardFormValues, now = new Date()): CardFormErrors {
  const expiry = parseExpiry(values.expiry);
  const fields: CardFields = {
    number: values.number,
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: values.cvc,
    name: values.name,
  };
  const errors = cardErrors(fields, now);
  const out: CardFormErrors = {};
  if (errors.number) out.number = errors.number;
  if (!expiry) out.expiry = 'Enter the expiry as MM/YY';
  else if (errors.exp_month || errors.exp_year) out.expiry = errors.exp_month ?? errors.exp_year;
  if (errors.cvc) out.cvc = errors.cvc;
  if (errors.name) out.name = errors.name;
  return out;
}

export function toCardInput(values: CardFormValues): CardInput {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: digitsOf(values.number),
    exp_month: expiry.month,
    exp_year: expiry.year < 100 ? 2000 + expiry.year : expiry.year,
    cvc: values.cvc.trim(),
    name: values.name.trim(),
  };
}

/**
 * The payment method to show: the newest usable saved card until the fan picks one themselves
 * ('new' stays 'new' once chosen), and 'new' when the chosen card is gone.
 */
export function defaultPaymentMethod(
  method: string,
  cards: readonly { id: string; expired: boolean }[],
  cardsLoaded: boolean,
  touched: boolean,
): string {
  if (method !== 'new' && !cards.some((c) => c.id === method)) return 'new';
  if (method === 'new' && cardsLoaded && !touched) return cards.find((c) => !c.expired)?.id ?? 'new';
  return method;
}
