import { BanNotice, ERRORS } from '@parlor/contract';

/** What a banned account reads, in the terminated popup and on the refused sign-in alike. */
export const BAN_TEXT = ERRORS.suspended;
/** The appeal line when the deployment named an address (SUPPORT_EMAIL), before the address. */
export const BAN_APPEAL_TO = 'To appeal, write to';
/** The appeal line when it named none. */
export const BAN_APPEAL_NO_CONTACT =
  'If you think this is a mistake, contact the team that runs Parlor to appeal.';

const UNKNOWN: BanNotice = { reason: null, contact: null };

/** The ban from the `banned` event: its `ban`, else the bare reason older servers send. */
export function banOfEvent(data: unknown): BanNotice {
  const parsed = BanNotice.safeParse((data as { ban?: unknown } | null)?.ban);
  if (parsed.success) return parsed.data;
  const reason = (data as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? { reason, contact: null } : UNKNOWN;
}

/** The ban a refused sign-in answered (403 `banned`), or null for any other answer. */
export function banOfSignIn(failure: { code: string; ban?: BanNotice } | null): BanNotice | null {
  return failure?.code === 'banned' ? (failure.ban ?? UNKNOWN) : null;
}

/**
 * The is-banned key keeps the ban itself, so the popup shown again after a reload still has the
 * reason and the address; an older 'true' counts as a ban without either.
 */
export function banOfStored(value: string | null): BanNotice {
  if (!value) return UNKNOWN;
  try {
    const parsed = BanNotice.safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: a key from before the ban was kept in it.
  }
  return UNKNOWN;
}
