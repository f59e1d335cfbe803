import { z } from 'zod';
import { lazySchema } from './lazy';

/**
 * A comma-joined list of ids in a query string (`ids=1,2,3`), as every bulk call sends them: split,
 * trimmed, empties dropped, then checked by `each` (one id) and the list's bounds. `maxLength`
 * bounds the raw string so a huge query is refused before it is split.
 */
export function commaIds(each: z.ZodString, bounds: { max: number; maxLength: number; empty?: string }) {
  return z
    .string()
    .max(bounds.maxLength)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(each).min(1, bounds.empty).max(bounds.max));
}

/** A path segment naming one stored row (ids are uuids or numeric strings; 64 bounds both). */
export const IdParams = lazySchema(() => z.object({ id: z.string().max(64) }));
