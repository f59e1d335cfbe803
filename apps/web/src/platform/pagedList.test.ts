import { LIST_PAGE_SIZE } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { emptyPagedList, FIRST_PAGE_QUERY, firstPageArrived, nextPageArrived } from './pagedList';

const item = (id: string) => ({ _id: id });

describe('a paged list', () => {
  it("asks for its first page with the contract's page size", () => {
    expect(FIRST_PAGE_QUERY).toEqual({ limit: LIST_PAGE_SIZE, offset: 0 });
  });

  it('holds the first page as it came, and again from scratch when the first is read again', () => {
    const list = emptyPagedList<{ _id: string }>();
    expect(list.loaded).toBe(false);
    firstPageArrived(list, { data: [item('a'), item('b')], next: '/v1/x?offset=2' });
    expect(list).toEqual({ items: [item('a'), item('b')], next: '/v1/x?offset=2', loaded: true });
    firstPageArrived(list, { data: [item('c')], next: null });
    expect(list).toEqual({ items: [item('c')], next: null, loaded: true });
  });

  it('adds a following page after what it holds, without what it holds already', () => {
    const list = emptyPagedList<{ _id: string }>();
    firstPageArrived(list, { data: [item('a'), item('b')], next: '/v1/x?offset=2' });
    nextPageArrived(list, { data: [item('b'), item('c')], next: null });
    expect(list.items.map((i) => i._id)).toEqual(['a', 'b', 'c']);
    expect(list.next).toBeNull();
  });
});
