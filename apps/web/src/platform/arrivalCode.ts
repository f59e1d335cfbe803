// The code a visitor arrived with: `?code=` on the first address of the visit (a referral link,
// a campaign's or an agency's link to Discover). It is kept for the tab, so Discover can show that
// code's creators and sign-up can fill it in, whichever page the visitor went on to.

const KEY = 'arrival-code';
/** The server's limit on a code (sign-up's `code`, Discover's `code_used`). */
const CODE_MAX = 64;

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Blocked storage: the code then lives in the address only.
    return undefined;
  }
}

export function rememberArrivalCode(search: string): void {
  const code = new URLSearchParams(search).get('code')?.trim().slice(0, CODE_MAX);
  try {
    if (code) session()?.setItem(KEY, code);
  } catch {
    // Storage full: as if blocked.
  }
}

export function arrivalCode(): string | null {
  try {
    return session()?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

/** The visitor asked to see every creator: the code no longer narrows Discover. */
export function forgetArrivalCode(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // Nothing stored is nothing to forget.
  }
}
