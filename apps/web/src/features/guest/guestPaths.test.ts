import { describe, expect, it } from 'vitest';
import { afterSignInPath } from '../auth/authModel';
import { intentOf, isGuestPath, signInFor, withoutIntent } from './guestPaths';

describe('what a signed-out visitor may open', () => {
  it("is Discover and a creator's page; every other screen needs an account", () => {
    for (const path of ['/discover', '/discover/', '/mila', '/mila/']) expect(isGuestPath(path)).toBe(true);
    for (const path of ['/', '/chats', '/chats/u-1', '/feed', '/account', '/account/get-credits', '/admin'])
      expect(isGuestPath(path)).toBe(false);
  });
});

describe('an action that needs an account', () => {
  it('goes to sign-in and back to the page, carrying Message or Follow on', () => {
    const login = signInFor('/mila', 'message');
    expect(login).toBe('/login?next=%2Fmila%3Fthen%3Dmessage');
    const back = afterSignInPath(login.slice('/login'.length));
    expect(back).toBe('/mila?then=message');
    expect(intentOf(back.slice('/mila'.length))).toBe('message');
    expect(withoutIntent('?then=message')).toBe('');
    expect(withoutIntent('?tab=posts&then=follow')).toBe('?tab=posts');
    expect(signInFor('/mila')).toBe('/login?next=%2Fmila');
    expect(intentOf('?then=pay')).toBeNull();
  });
});
