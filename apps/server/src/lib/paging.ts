// Every list answers `{ data, next }`: `next` is the address of the following page, or null on the last.

/** A link's query parameters, in the order the link writes them; empty ones are left out. */
export type LinkQuery = Record<string, string | number | null | undefined>;

/**
 * The `next` link of a page: `path` with the page's `query`, its `offset` (when it has one) moved on
 * by its `limit`; null when no page follows. Cursor parameters in `query` (`after`,
 * `last_message_id`) name where the next page starts and are written as given.
 */
export function nextLink(path: string, query: LinkQuery, more: boolean): string | null {
  if (!more) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const { offset, limit } = query;
  if (typeof offset === 'number' && typeof limit === 'number') params.set('offset', String(offset + limit));
  return `${path}?${params}`;
}
