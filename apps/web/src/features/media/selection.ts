// Multi-select over a paged list (purchases, the vault): pure helpers the slices share.

/** Picks `id`, or unpicks it when it is already picked; the order of picking is kept. */
export function toggleId(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Everything shown, or nothing when everything shown is already picked. */
export function toggleAll(selected: readonly string[], shown: readonly string[]): string[] {
  const all = shown.length > 0 && shown.every((id) => selected.includes(id));
  return all ? [] : [...shown];
}

/** Drops picks that are no longer on the list (removed, or moved to another tab). */
export function keepShown(selected: readonly string[], shown: readonly string[]): string[] {
  const held = new Set(shown);
  return selected.filter((id) => held.has(id));
}

/**
 * A `next` link moved by `by` rows: once rows left the pages already loaded (by < 0) the server's
 * offset counts rows that are gone, and the next page would skip as many; a row added on top
 * (by > 0) would come again.
 */
export function shiftNext(next: string | null, by: number): string | null {
  if (!next || by === 0) return next;
  const [path, query = ''] = next.split('?', 2);
  const params = new URLSearchParams(query);
  const offset = Number(params.get('offset') ?? '0');
  params.set('offset', String(Math.max(0, offset + by)));
  return `${path}?${params.toString()}`;
}
