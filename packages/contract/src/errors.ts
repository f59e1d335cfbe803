import { z } from 'zod';
import { lazySchema } from './lazy';

/**
 * What a banned account is told, on the `banned` event and in the 403 of its sign-in: the admin's
 * reason and where to appeal (SUPPORT_EMAIL; null when the deployment set none).
 */
export const BanNotice = lazySchema(() =>
  z.object({ reason: z.string().nullable(), contact: z.string().nullable() }),
);
export type BanNotice = z.infer<typeof BanNotice>;

/** Every error answer is `{ message, code }`; 422 adds the flagged characters. */
export const ErrorBody = lazySchema(() =>
  z.object({
    message: z.string(),
    code: z.string(),
    flagged: z.array(z.string()).optional(),
    field: z.string().optional(),
    /** A 429's wait in seconds (as its Retry-After says), so a form can count it down. */
    retry_after: z.number().int().optional(),
    /** A sign-in refused for a ban: its reason and the appeal contact. */
    ban: BanNotice.optional(),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Codes of a 503 for a dependency that is briefly away (the database restarting): that call fails
 * and may be retried, the app stays where it is. Any other 503 is maintenance.
 */
export const UNAVAILABLE_CODES = {
  database: 'database_unavailable',
  dependency: 'dependency_unavailable',
} as const;
