import { CREDIT_TO_DOLLAR, NUMBER_EPSILON } from '../constants';

/** Part 2 §5: fixed decimals; magnitudes below 1e-6 are 0. */
export function formatFixed(value: number, decimals = 2): string {
  const v = Math.abs(value) < NUMBER_EPSILON ? 0 : value;
  return v.toFixed(decimals);
}

/** Dollar value of credits: credits x 0.1, two decimals (part 2 §1). */
export function creditsToDollars(credits: number): string {
  return formatFixed(credits * CREDIT_TO_DOLLAR, 2);
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
/** Part 2 §5: sizes in B to YB with one decimal. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/** Part 2 §5: duration as Xm YYs. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}m ${String(s).padStart(2, '0')}s`;
}
