import { describe, expect, it } from 'vitest';
import { isValidIban, PAYOUT_DETAIL_MESSAGES, PayoutDefaultsRequest } from './account';
import { COUNTRY_CODES, countryOptions } from './countries';

describe('payout details', () => {
  it('accepts IBANs with a correct check (spaces and case aside) and refuses a wrong digit', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('gb82west12345698765432')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89')).toBe(false);
  });

  it('asks each method for its own details', () => {
    const issues = (body: Record<string, unknown>) =>
      PayoutDefaultsRequest.safeParse(body).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ payout_method: 'bank_transfer', payout_account: 'DE89370400440532013000' })).toEqual([
      PAYOUT_DETAIL_MESSAGES.holder,
    ]);
    expect(issues({ payout_method: 'paypal_transfer', payout_account: 'me@example.com' })).toEqual([]);
    expect(issues({ payout_method: 'paxum_transfer', payout_account: 'nope' })).toEqual([
      PAYOUT_DETAIL_MESSAGES.email,
    ]);
    expect(
      issues({
        payout_method: 'crypto_transfer',
        payout_account: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
    ).toEqual([]);
    expect(
      PayoutDefaultsRequest.parse({
        payout_method: 'paypal_transfer',
        payout_account: 'a@b.co',
        payout_country: 'pt',
      }).payout_country,
    ).toBe('PT');
  });

  it('names every country code once, sorted by name', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES).toHaveLength(249);
    const options = countryOptions();
    expect(options.find((o) => o.code === 'PT')?.name).toBe('Portugal');
    expect(options.map((o) => o.name)).toEqual(
      [...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)),
    );
  });
});
