import { describe, expect, it } from 'vitest';
import { NAV_ROUTES, navIsCurrent } from './nav';

describe('navIsCurrent', () => {
  it('keeps Chats current in a conversation and in the other chat areas', () => {
    for (const path of ['/chats', '/chats/u1', '/broadcast', '/auto-messages', '/auto-messages/'])
      expect(navIsCurrent(NAV_ROUTES.chats, path)).toBe(true);
    expect(navIsCurrent(NAV_ROUTES.chats, '/broadcasting')).toBe(false);
    expect(navIsCurrent(NAV_ROUTES.feed, '/broadcast')).toBe(false);
  });
});
