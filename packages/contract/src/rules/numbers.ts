import { CREDIT_TO_DOLLAR, NUMBER_EPSILON } from '../constants';

/** Fixed decimals; magnitudes below 1e-6 are 0. */
export function formatFixed(value: number, decimals = 2): string {
  const v = Math.abs(value) < NUMBER_EPSILON ? 0 : value;
  return v.toFixed(decimals);
}

/** Dollar value of credits: credits x 0.1, two decimals. */
export function creditsToDollars(credits: number): string {
  return formatFixed(credits * CREDIT_TO_DOLLAR, 2);
}

/**
 * A whole number with comma thousands separators (12,345), as `toLocaleString('en-US')` writes it.
 * Written by hand because the first `Intl.NumberFormat` of a page costs 30-120 ms of main thread
 * (ICU's number data) and messages built when a module loads would pay it before the first screen.
 */
export function groupDigits(value: number): string {
  const n = Math.round(value);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A size in bytes in the largest unit from B to YB that keeps it at 1 or more (1024 each), one decimal. */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  let unit = 0;
  // 1023.96 KB would round to "1024.0 KB": it is shown as 1.0 MB instead.
  while (value >= 1023.95 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatFixed(value, 1)} ${SIZE_UNITS[unit]}`;
}

/**
 * A count with its noun, singular for exactly one: "1 photo", "3 photos", "1,200 credits". The
 * plural is the noun with an s unless given ("1 reply", "2 replies").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${groupDigits(count)} ${count === 1 ? one : many}`;
}
