import { describe, expect, it } from 'vitest';
import { creditsToDollars, formatBytes, formatFixed, groupDigits, plural } from './numbers';

describe('creditsToDollars (credits x 0.1, two decimals)', () => {
  it('shows the dollar value with two decimals', () => {
    expect(creditsToDollars(0)).toBe('0.00');
    expect(creditsToDollars(1)).toBe('0.10');
    expect(creditsToDollars(3)).toBe('0.30'); // 3 x 0.1 is 0.30000000000000004 in floating point
    expect(creditsToDollars(125)).toBe('12.50');
    expect(creditsToDollars(10_000)).toBe('1000.00');
  });
});

describe('formatFixed', () => {
  it('treats magnitudes below 1e-6 as 0', () => {
    expect(formatFixed(5e-7, 7)).toBe('0.0000000');
    expect(formatFixed(-5e-7, 7)).toBe('0.0000000');
    expect(formatFixed(1e-7)).toBe('0.00');
  });

  it('keeps values of 1e-6 and above', () => {
    expect(formatFixed(1e-6, 6)).toBe('0.000001');
    expect(formatFixed(2.5e-6, 7)).toBe('0.0000025');
  });

  it('uses the requested number of decimals, two by default', () => {
    expect(formatFixed(1.5)).toBe('1.50');
    expect(formatFixed(1.5, 0)).toBe('2');
    expect(formatFixed(-4.25, 1)).toBe('-4.3');
  });
});

describe('formatBytes (B to YB, one decimal)', () => {
  it('picks the largest unit that keeps the number at 1 or more', () => {
    expect(formatBytes(0)).toBe('0.0 B');
    expect(formatBytes(512)).toBe('512.0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500.0 MB');
    expect(formatBytes(50 * 1024 ** 3)).toBe('50.0 GB');
    expect(formatBytes(1.25 * 1024 ** 4)).toBe('1.3 TB');
    expect(formatBytes(3 * 1024 ** 8)).toBe('3.0 YB');
    expect(formatBytes(2048 * 1024 ** 8)).toBe('2048.0 YB');
  });

  it('never shows 1024 of a unit, nor a negative or unknown size', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatBytes(-5)).toBe('0.0 B');
    expect(formatBytes(Number.NaN)).toBe('0.0 B');
  });
});

describe('groupDigits', () => {
  it('writes whole numbers as en-US does, with comma thousands separators', () => {
    for (const n of [0, 7, 999, 1000, 5000, 12345, 999999, 1000000, 123456789, -1234]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('rounds a fraction to the nearest whole number', () => {
    expect(groupDigits(1234.6)).toBe('1,235');
  });
});

describe('plural', () => {
  it('says one in the singular and every other count in the plural, digits grouped', () => {
    expect(plural(1, 'new subscriber')).toBe('1 new subscriber');
    expect(plural(0, 'purchase')).toBe('0 purchases');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
    expect(plural(1200, 'credit')).toBe('1,200 credits');
  });
});
