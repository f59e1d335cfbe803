import { describe, expect, it } from 'vitest';
import { bannedKeyAction } from './bannedKey';

describe('bannedKeyAction', () => {
  it('shows the terminated popup until the session is accepted, then leads to /unban', () => {
    expect(bannedKeyAction('/chats', true, false)).toBe('popup');
    expect(bannedKeyAction('/chats', true, true)).toBe('unban');
  });
  it('does nothing without the key, on /unban itself or on sign-in', () => {
    expect(bannedKeyAction('/chats', false, true)).toBe('none');
    expect(bannedKeyAction('/unban', true, true)).toBe('none');
    expect(bannedKeyAction('/login', true, false)).toBe('none');
  });
});
