import { z } from 'zod';
import { lazySchema } from './lazy';

/** Every error answer is `{ message, code }`; 422 adds the flagged characters. */
export const ErrorBody = lazySchema(() =>
  z.object({
    message: z.string(),
    code: z.string(),
    flagged: z.array(z.string()).optional(),
    field: z.string().optional(),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;
