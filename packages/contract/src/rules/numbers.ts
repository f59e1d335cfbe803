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
