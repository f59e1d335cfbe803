/** A count as the creator page shows it: 980, 1.2K, 12K, 3.4M. */
export function countLabel(n: number): string {
  if (n < 1000) return String(n);
  const [value, unit] = n < 1_000_000 ? [n / 1000, 'K'] : [n / 1_000_000, 'M'];
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown}${unit}`;
}
