import { splitEmail } from '@parlor/contract';

// Advice on the address a user typed in the verification popup: a likely typo of a well-known
// host, and a warning for providers that deliver mail less reliably.

/** Domains 1 to 3 edits away from one of these are offered as "Did you mean …?". */
const EMAIL_SUGGESTION_MAX_DISTANCE = 3;
const EMAIL_SUGGESTION_HOSTS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
] as const;
const FREE_MAIL_DOMAINS = ['yahoo', 'outlook', 'hotmail', 'icloud'] as const;

/** Levenshtein distance (insert, delete, substitute each cost 1). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * When the domain is 1 to 3 edits away from a well-known host, answers the address with
 * that host ("Did you mean …?"); the closest host wins, the list's order breaks ties.
 */
export function emailSuggestion(email: string): string | undefined {
  const parts = splitEmail(email);
  if (!parts) return undefined;
  let best: { host: string; distance: number } | undefined;
  for (const host of EMAIL_SUGGESTION_HOSTS) {
    const distance = editDistance(parts.domain, host);
    if (distance === 0) return undefined;
    if (distance <= EMAIL_SUGGESTION_MAX_DISTANCE && (!best || distance < best.distance)) {
      best = { host, distance };
    }
  }
  return best ? `${parts.local}@${best.host}` : undefined;
}

/** Yahoo, Outlook, Hotmail and iCloud deliver less reliably; the notice recommends Gmail. */
export function isFreeMailAddress(email: string): boolean {
  const parts = splitEmail(email);
  if (!parts) return false;
  const provider = parts.domain.split('.')[0] ?? '';
  return (FREE_MAIL_DOMAINS as readonly string[]).includes(provider);
}
