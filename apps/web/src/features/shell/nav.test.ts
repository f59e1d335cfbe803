import { describe, expect, it } from 'vitest';
import { CREATOR_NAV_ORDER, chromeFor, currentNavPath, NAV_ORDER, NAV_ROUTES, navIsCurrent } from './nav';

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

describe('chromeFor', () => {
  it('gives a fan credits chrome, a creator theirs and an admin the console', () => {
    const fan = chromeFor({ type: 'user', role: 'user' });
    expect(fan.kind).toBe('fan');
    expect(fan.roleLabel).toBe('Fan');
    expect(fan.sidebar).toEqual(NAV_ORDER);

    const creator = chromeFor({ type: 'featured', role: 'user' });
    expect(creator.kind).toBe('creator');
    expect(creator.sidebar).toEqual(CREATOR_NAV_ORDER);
    expect(creator.tabbar).not.toContain(NAV_ROUTES.moderation);

    const admin = chromeFor({ type: 'user', role: 'admin' });
    expect(admin.kind).toBe('admin');
    expect(admin.roleLabel).toBe('Admin');
    expect(admin.sidebar).toContain(NAV_ROUTES.moderation);
    expect(admin.tabbar).toContain(NAV_ROUTES.moderation);
    expect(admin.tabbar.at(-1)).toBe(NAV_ROUTES.account);
  });

  it('keeps an admin who creates in their own areas, with five entries on a phone', () => {
    const chrome = chromeFor({ type: 'featured', role: 'admin' });
    expect(chrome.kind).toBe('admin');
    expect(chrome.sidebar).toContain(NAV_ROUTES.vault);
    expect(chrome.sidebar).toContain(NAV_ROUTES.earnings);
    expect(chrome.sidebar).toContain(NAV_ROUTES.moderation);
    expect(chrome.tabbar).toHaveLength(5);
    expect(chrome.tabbar).toContain(NAV_ROUTES.moderation);
  });

  it('lights Moderation anywhere in the console and nothing else there', () => {
    const { sidebar } = chromeFor({ type: 'user', role: 'admin' });
    expect(currentNavPath(sidebar, '/admin')).toBe('/admin');
    expect(currentNavPath(sidebar, '/admin/users')).toBe('/admin');
    expect(currentNavPath(sidebar, '/administrator')).toBeNull();
    expect(chromeFor(null).kind).toBe('fan');
  });
});
