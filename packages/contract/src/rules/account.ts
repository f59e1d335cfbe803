// Account rules shared by the server and the web app.
import type { FeaturedStatus, UserType, VerificationStatus } from '../enums';

/** The local part and the lowercased domain of an address, or undefined when it has no @ between them. */
export function splitEmail(email: string): { local: string; domain: string } | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0 || at === email.trim().length - 1) return undefined;
  const trimmed = email.trim();
  return { local: trimmed.slice(0, at), domain: trimmed.slice(at + 1).toLowerCase() };
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
  type: UserType;
  requires_moderation: boolean;
  id_verification_status: VerificationStatus | null;
  discover_status: FeaturedStatus;
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

/**
 * A bio may not advertise paid content sold elsewhere or behind the profile: "exclusive
 * content/pics/videos" and the names of other subscription sites are refused with the spec's
 * message (ERRORS.exclusiveInBio).
 */
const EXCLUSIVE_MENTION =
  /\bexclusive\s+(?:content|pics?|photos?|videos?|vids?|media|nudes?)\b|\bonly\s*fans\b|\bfansly\b|\bfanvue\b/i;
export const mentionsExclusiveContent = (text: string): boolean => EXCLUSIVE_MENTION.test(text);
