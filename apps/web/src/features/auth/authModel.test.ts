import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathKeeping } from './authModel';

describe('a link opened while signed out', () => {
  it('is kept in /login?next=', () => {
    expect(loginPathKeeping('/chats/u-1', '')).toBe('/login?next=%2Fchats%2Fu-1');
    expect(loginPathKeeping('/mila', '?tab=posts')).toBe('/login?next=%2Fmila%3Ftab%3Dposts');
    expect(loginPathKeeping('/chats', '')).toBe('/login');
    expect(loginPathKeeping('/', '')).toBe('/login');
  });

  it('is where sign-in leads, when it is a path of this app', () => {
    expect(afterSignInPath('?next=%2Fchats%2Fu-1')).toBe('/chats/u-1');
    expect(afterSignInPath('?next=%2Fmila%3Ftab%3Dposts')).toBe('/mila?tab=posts');
    expect(afterSignInPath('')).toBe('/chats');
    for (const bad of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      '/login',
      '/login/signup',
      'chats',
    ])
      expect(afterSignInPath(`?next=${encodeURIComponent(bad)}`)).toBe('/chats');
  });
});

describe('an admin signing in', () => {
  it('lands on the console, unless a link asked for another page', () => {
    const admin = { role: 'admin' as const };
    expect(afterSignInPath('', admin)).toBe('/admin');
    expect(afterSignInPath('?next=%2Flogin', admin)).toBe('/admin');
    expect(afterSignInPath('?next=%2Fchats%2Fu-1', admin)).toBe('/chats/u-1');
    expect(afterSignInPath('', { role: 'user' })).toBe('/chats');
  });
});
