import { VALIDATION } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { defaultPaymentMethod, formatExpiry, parseExpiry, toCardInput, validateCardForm } from './cardForm';

const now = new Date('2026-11-21T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', name: 'Alex Fan' };

describe('card form', () => {
  it('accepts the sandbox cards and a complete form', () => {
    expect(validateCardForm(valid, now)).toEqual({});
    expect(validateCardForm({ ...valid, number: '4000 0000 0000 3220' }, now)).toEqual({});
  });

  it('refuses a number failing Luhn, an unknown brand, bad cvc and a name with digits', () => {
    const errors = validateCardForm(
      { number: '4242 4242 4242 4241', expiry: '12/28', cvc: '1', name: 'R2D2' },
      now,
    );
    expect(errors).toEqual({
      number: 'Card number is invalid',
      cvc: 'Security code is invalid',
      name: VALIDATION.name,
    });
    expect(validateCardForm({ ...valid, number: '378282246310005' }, now).number).toBe(
      'We accept Visa and Mastercard only',
    );
  });

  it("says 'Credit / debit card expired' once the expiry month is over", () => {
    expect(validateCardForm({ ...valid, expiry: '10/26' }, now).expiry).toBe(VALIDATION.cardExpired);
    expect(validateCardForm({ ...valid, expiry: '11/26' }, now).expiry).toBeUndefined();
    expect(validateCardForm({ ...valid, expiry: '13/28' }, now).expiry).toBe('Expiry month is invalid');
    expect(validateCardForm({ ...valid, expiry: 'soon' }, now).expiry).toBe('Enter the expiry as MM/YY');
  });

  it('formats and parses the expiry, and builds the request card', () => {
    expect(formatExpiry('0728')).toBe('07/28');
    expect(parseExpiry('07/2028')).toEqual({ month: 7, year: 2028 });
    expect(toCardInput(valid)).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2028,
      cvc: '123',
      name: 'Alex Fan',
    });
  });
});

describe('defaultPaymentMethod', () => {
  const cards = [
    { id: 'c-old', expired: true },
    { id: 'c-1', expired: false },
  ];
  it('picks the first usable saved card once the list arrives', () => {
    expect(defaultPaymentMethod('new', cards, false, false)).toBe('new');
    expect(defaultPaymentMethod('new', cards, true, false)).toBe('c-1');
  });
  it('keeps a new card once the fan chose it', () => {
    expect(defaultPaymentMethod('new', cards, true, true)).toBe('new');
  });
  it('falls back to a new card when the chosen card is deleted', () => {
    expect(defaultPaymentMethod('c-2', cards, true, true)).toBe('new');
    expect(defaultPaymentMethod('c-1', cards, true, true)).toBe('c-1');
  });
});
