import { describe, expect, it } from 'vitest';
import { entryScreen, notMainPattern } from './routes';

describe('entry screen by path prefix', () => {
  it.each([
    ['/login', 'login'],
    ['/login/signup', 'login'],
    ['/login/forgot', 'login'],
    ['/reset-password', 'login'],
    ['/terms', 'login'],
    ['/privacy/', 'login'],
    ['/terms-and-more', 'main'],
    ['/mobile', 'mobile'],
    ['/branch/abc', 'branch'],
    ['/3ds-callback', '3ds-callback'],
    ['/maintenance', 'maintenance'],
    ['/unban', 'unban'],
    ['/', 'main'],
    ['/chats/42', 'main'],
    ['/account/login', 'main'],
  ] as const)('%s opens %s', (path, screen) => {
    expect(entryScreen(path)).toBe(screen);
  });
});

describe('notMainPattern', () => {
  it('matches exactly the paths that open something other than the signed-in app', () => {
    const paths = [
      '/',
      '/chats',
      '/chats/abc',
      '/login',
      '/login/signup',
      '/terms',
      '/terms/',
      '/privacy',
      '/reset-password',
      '/mobile',
      '/branch/x',
      '/3ds-callback',
      '/maintenance',
      '/unban',
      '/account',
      '/termsandmore',
      '/discover',
    ];
    for (const path of paths) expect(notMainPattern().test(path), path).toBe(entryScreen(path) !== 'main');
  });
});
