/**
 * The demo accounts' passwords: printed at start and in the README, so public. No account that
 * guards anything may have one: the start refuses an ADMIN_PASSWORD among them, and in production
 * an admin account whose password still is one.
 */
export const DEMO_PASSWORDS: readonly string[] = ['password123'];

/** The one every demo account gets. */
export const DEMO_PASSWORD = DEMO_PASSWORDS[0]!;
