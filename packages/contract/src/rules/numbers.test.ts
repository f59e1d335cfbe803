import { describe, expect, it } from 'vitest';
import { creditsToDollars, formatDuration, formatFixed, formatSize } from './numbers';

describe('creditsToDollars (part 2 §1: credits x 0.1, two decimals)', () => {
  it('shows the dollar value with two decimals', () => {
    expect(creditsToDollars(0)).toBe('0.00');
    expect(creditsToDollars(1)).toBe('0.10');
    expect(creditsToDollars(3)).toBe('0.30'); // 3 x 0.1 is 0.30000000000000004 in floating point
    expect(creditsToDollars(125)).toBe('12.50');
    expect(creditsToDollars(10_000)).toBe('1000.00');
  });
});

describe('formatFixed (part 2 §5)', () => {
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

describe('formatSize (part 2 §5: B to YB, one decimal)', () => {
  it('shows bytes below 1024 as B', () => {
    expect(formatSize(0)).toBe('0.0 B');
    expect(formatSize(1023)).toBe('1023.0 B');
  });

  it('moves to the next unit every 1024', () => {
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(499 * 1024 ** 2)).toBe('499.0 MB');
    expect(formatSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatSize(1024 ** 4)).toBe('1.0 TB');
    expect(formatSize(1024 ** 5)).toBe('1.0 PB');
    expect(formatSize(1024 ** 6)).toBe('1.0 EB');
    expect(formatSize(1024 ** 7)).toBe('1.0 ZB');
    expect(formatSize(1024 ** 8)).toBe('1.0 YB');
  });

  it('stops at YB', () => {
    expect(formatSize(1024 ** 9)).toBe('1024.0 YB');
  });
});

describe('formatDuration (part 2 §5: Xm YYs)', () => {
  it('pads seconds to two digits and leaves minutes unpadded', () => {
    expect(formatDuration(0)).toBe('0m 00s');
    expect(formatDuration(5)).toBe('0m 05s');
    expect(formatDuration(65)).toBe('1m 05s');
    expect(formatDuration(600)).toBe('10m 00s');
    expect(formatDuration(3_725)).toBe('62m 05s');
  });

  it('rounds to whole seconds and never goes negative', () => {
    expect(formatDuration(59.6)).toBe('1m 00s');
    expect(formatDuration(12.4)).toBe('0m 12s');
    expect(formatDuration(-3)).toBe('0m 00s');
  });
});
