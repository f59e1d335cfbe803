// Account rules: pure functions shared by the server and the web app.
import {
  EMAIL_SUGGESTION_HOSTS,
  EMAIL_SUGGESTION_MAX_DISTANCE,
  FREE_MAIL_DOMAINS,
  WELCOME_SPECIAL_CODE,
} from '../constants';
import type { FeaturedStatus, UserType, VerificationStatus } from '../enums';

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

function splitEmail(email: string): { local: string; domain: string } | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0 || at === email.trim().length - 1) return undefined;
  const trimmed = email.trim();
  return { local: trimmed.slice(0, at), domain: trimmed.slice(at + 1).toLowerCase() };
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

/** A local part of 8+ characters shows 3, 4 to 7 shows 2, 2 to 3 shows 1; the rest is starred. */
export function maskEmail(email: string): string {
  const parts = splitEmail(email);
  if (!parts) return email;
  const { local, domain } = parts;
  const shown = local.length >= 8 ? 3 : local.length >= 4 ? 2 : local.length >= 2 ? 1 : 0;
  return `${local.slice(0, shown)}${'*'.repeat(local.length - shown)}@${domain}`;
}

/** The fields of the User the rules below read. */
export interface AccountFacts {
  _id: string;
  type: UserType;
  onboarding_v2: boolean;
  code_used: string | null;
  affiliate: string | null;
  profile_complete_config: { is_affiliate_profile_visited: boolean; is_bought_credit_package: boolean };
  requires_moderation: boolean;
  id_verification_status: VerificationStatus | null;
  discover_status: FeaturedStatus;
  force_discover: boolean;
}

/**
 * A featured user is complete when no other user is given or the ids match; a regular user
 * who came with the special code needs a bought credit package. Any other regular user is complete.
 */
export function isProfileComplete(user: AccountFacts, other?: { _id: string } | null): boolean {
  if (user.type === 'featured') return !other || other._id === user._id;
  if (user.code_used === WELCOME_SPECIAL_CODE) return user.profile_complete_config.is_bought_credit_package;
  return true;
}

/**
 * A featured account's moderation is pending when moderation is required and ID
 * verification is pending or absent, or when its discover status is denied.
 */
export function isModerationPending(user: AccountFacts): boolean {
  if (user.type !== 'featured') return false;
  const idPending = user.id_verification_status === null || user.id_verification_status === 'pending';
  return (user.requires_moderation && idPending) || user.discover_status === 'denied';
}
