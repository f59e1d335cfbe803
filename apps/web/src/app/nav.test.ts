import { describe, expect, it } from 'vitest';
import { CREATOR_NAV_ORDER, currentNavPath, NAV_ORDER, NAV_ROUTES, navIsCurrent } from './nav';

describe('navIsCurrent', () => {
  it('keeps Chats current in a conversation and in the other chat areas', () => {
    for (const path of ['/chats', '/chats/u1', '/broadcast', '/auto-messages', '/auto-messages/'])
      expect(navIsCurrent(NAV_ROUTES.chats, path)).toBe(true);
    expect(navIsCurrent(NAV_ROUTES.chats, '/broadcasting')).toBe(false);
    expect(navIsCurrent(NAV_ROUTES.feed, '/broadcast')).toBe(false);
  });
});

describe('currentNavPath', () => {
  it('lights the most specific entry only', () => {
    expect(currentNavPath(CREATOR_NAV_ORDER, '/account/vault')).toBe('/account/vault');
    expect(currentNavPath(CREATOR_NAV_ORDER, '/account/earnings/summary')).toBe('/account/earnings/summary');
    expect(currentNavPath(CREATOR_NAV_ORDER, '/account/settings/privacy')).toBe('/account');
    expect(currentNavPath(CREATOR_NAV_ORDER, '/broadcast')).toBe('/chats');
    expect(currentNavPath(NAV_ORDER, '/account/vault')).toBe('/account');
    expect(currentNavPath(NAV_ORDER, '/creator-page')).toBeNull();
  });
});
