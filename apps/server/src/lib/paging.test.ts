import { describe, expect, it } from 'vitest';
import { nextLink } from './paging';

describe('a page’s next link', () => {
  it('moves the offset on by the page, keeping the parameters in their order', () => {
    expect(nextLink('/v1/broadcast', { limit: 20, offset: 0 }, true)).toBe(
      '/v1/broadcast?limit=20&offset=20',
    );
    expect(nextLink('/v1/users/following', { offset: 2, limit: 2 }, true)).toBe(
      '/v1/users/following?offset=4&limit=2',
    );
    expect(nextLink('/v1/admin/payouts', { status: 'pending', limit: 5, offset: 10 }, true)).toBe(
      '/v1/admin/payouts?status=pending&limit=5&offset=15',
    );
  });

  it('is null on the last page', () => {
    expect(nextLink('/v1/broadcast', { limit: 20, offset: 0 }, false)).toBeNull();
  });

  it('leaves out empty parameters and encodes the others', () => {
    expect(
      nextLink(
        '/v1/users/discover',
        { offset: 0, limit: 20, q: 'a b&c', type: undefined, code_used: '' },
        true,
      ),
    ).toBe('/v1/users/discover?offset=20&limit=20&q=a+b%26c');
  });

  it('writes a cursor as given when the page has no offset', () => {
    expect(nextLink('/v1/chats/c1/messages', { limit: 30, last_message_id: 41 }, true)).toBe(
      '/v1/chats/c1/messages?limit=30&last_message_id=41',
    );
  });
});
