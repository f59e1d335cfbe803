import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERRORS } from './rules/messages';
import {
  AdminUsernameInput,
  SIGN_UP_CONSENT,
  SignInRequest,
  SignUpRequest,
  UpdateUserRequest,
} from './users';

/** Messages by field path, so a test names the field and the spec's exact wording together. */
function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.') || '(root)';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const consents = { confirm_adult: true, accept_terms: true } as const;
const valid = { email: 'fan@example.com', password: 'secret123', username: 'newfan', ...consents };

describe('SignUpRequest', () => {
  it('accepts a valid form and defaults the account type to user', () => {
    const result = SignUpRequest.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ ...valid, type: 'user' });
  });

  it('strips a leading @ from the username and normalises the email', () => {
    const result = SignUpRequest.parse({ ...valid, username: '@Mila-99', email: '  Fan@Example.COM ' });
    expect(result.username).toBe('Mila-99');
    expect(result.email).toBe('fan@example.com');
  });

  it('answers a name that is one of the app’s own paths as taken, in any case; an admin’s may be one', () => {
    for (const username of ['api', 'Lists', '@chats', 'ADMIN']) {
      expect(messages(SignUpRequest.safeParse({ ...valid, username }))).toEqual({
        username: [ERRORS.usernameTaken],
      });
    }
    expect(SignUpRequest.safeParse({ ...valid, username: 'lists-of-mila' }).success).toBe(true);
    expect(AdminUsernameInput.parse('admin')).toBe('admin');
  });

  it('accepts a creator sign-up', () => {
    expect(SignUpRequest.parse({ ...valid, type: 'featured', gender: 'female' }).type).toBe('featured');
  });

  it('words each field error as the spec does (the error catalogue where it has the message)', () => {
    const result = SignUpRequest.safeParse({
      email: 'not-an-email',
      password: '12345',
      username: 'ab',
      ...consents,
    });
    expect(messages(result)).toEqual({
      email: ['Email is not a valid email address.'],
      password: ['Password must be at least 6 characters'],
      username: ['Username should contain at least 3 characters'],
    });
  });

  it('names missing fields', () => {
    expect(messages(SignUpRequest.safeParse({}))).toEqual({
      email: ['Required field cannot be blank'],
      password: ['Required field cannot be blank'],
      username: ['Username is required'],
      confirm_adult: [SIGN_UP_CONSENT.adultRequired],
      accept_terms: [SIGN_UP_CONSENT.termsRequired],
    });
  });

  it('needs both consents as true: 18 or older, and the terms and privacy policy', () => {
    expect(messages(SignUpRequest.safeParse({ ...valid, confirm_adult: false }))).toEqual({
      confirm_adult: [SIGN_UP_CONSENT.adultRequired],
    });
    expect(messages(SignUpRequest.safeParse({ ...valid, accept_terms: 'true' }))).toEqual({
      accept_terms: [SIGN_UP_CONSENT.termsRequired],
    });
  });

  it.each([
    ['', 'Username is required'],
    ['@', 'Username is required'],
    ['a'.repeat(31), 'Usernames Cannot Be More Than 30 Characters'],
    ['new_fan', 'Usernames can only contain letters, numbers and hyphens'],
    ['-newfan', 'Usernames must start with letters or numbers'],
    ['newfan-', 'Usernames must end with letters or numbers'],
  ])('refuses username %j with %j', (username, message) => {
    expect(messages(SignUpRequest.safeParse({ ...valid, username }))).toEqual({ username: [message] });
  });

  it('refuses an account type other than user or featured', () => {
    expect(SignUpRequest.safeParse({ ...valid, type: 'admin' }).success).toBe(false);
  });
});

describe('SignInRequest', () => {
  it('needs a login and a password', () => {
    expect(SignInRequest.safeParse({ login: 'mila', password: 'x' }).success).toBe(true);
    expect(messages(SignInRequest.safeParse({ login: '  ', password: '' }))).toEqual({
      login: ['Required field cannot be blank'],
      password: ['Required field cannot be blank'],
    });
  });
});

describe('UpdateUserRequest', () => {
  it('accepts any subset of the editable fields', () => {
    expect(UpdateUserRequest.safeParse({}).success).toBe(true);
    expect(UpdateUserRequest.safeParse({ bio: 'hi' }).success).toBe(true);
    expect(UpdateUserRequest.safeParse({ settings: { profile: { invisible: true } } }).success).toBe(true);
    expect(UpdateUserRequest.parse({ username: '@newname' }).username).toBe('newname');
  });

  it('refuses fields a user may not set on themselves', () => {
    for (const body of [
      { credits: 1000 },
      { role: 'admin' },
      { type: 'featured' },
      { email_verified: true },
    ]) {
      expect(UpdateUserRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('refuses unknown nested settings', () => {
    expect(UpdateUserRequest.safeParse({ settings: { profile: { featured: true } } }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ settings: { core: {} } }).success).toBe(false);
  });

  it('applies the username rules', () => {
    expect(messages(UpdateUserRequest.safeParse({ username: '@ab' }))).toEqual({
      username: ['Username should contain at least 3 characters'],
    });
  });
});
