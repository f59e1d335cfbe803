import { LIST_PAGE_SIZE } from '@parlor/contract';

/**
 * A list the server hands out a page at a time (the vault, purchases, referrals, payouts): the items
 * held, the server's link to the following page, and whether the first page has arrived.
 */
export interface PagedList<T> {
  items: T[];
  next: string | null;
  loaded: boolean;
}

/** One page as the server answers it. */
export interface Page<T> {
  data: T[];
  next: string | null;
}

export const emptyPagedList = <T>(): PagedList<T> => ({ items: [], next: null, loaded: false });

/** The query of a list's first page; the following ones are asked for by their `next` link. */
export const FIRST_PAGE_QUERY = { limit: LIST_PAGE_SIZE, offset: 0 } as const;

/** The first page (or the first again): what the list holds now. */
export function firstPageArrived<T>(list: PagedList<T>, page: Page<T>): void {
  list.items = page.data;
  list.next = page.next;
  list.loaded = true;
}

/** A following page: added after what is held, less what is held already (the list moved meanwhile). */
export function nextPageArrived<T extends { _id: string }>(list: PagedList<T>, page: Page<T>): void {
  const held = new Set(list.items.map((item) => item._id));
  list.items.push(...page.data.filter((item) => !held.has(item._id)));
  list.next = page.next;
  list.loaded = true;
}
