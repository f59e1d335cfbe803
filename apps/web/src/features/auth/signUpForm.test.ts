import { SIGN_UP_CONSENT, USERNAME, VALIDATION } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_SIGN_UP, formFieldOf, toSignUpRequest, validateSignUp } from './signUpForm';

const filled = {
  ...EMPTY_SIGN_UP,
  email: 'alex@example.com',
  username: 'alex',
  password: 'secret1',
  confirmPassword: 'secret1',
  confirm_adult: true,
  accept_terms: true,
};

describe('sign-up form', () => {
  it('asks for every required field with the spec messages', () => {
    expect(validateSignUp(EMPTY_SIGN_UP)).toEqual({
      email: VALIDATION.required,
      username: USERNAME.required,
      password: VALIDATION.required,
      confirmPassword: VALIDATION.required,
      confirm_adult: SIGN_UP_CONSENT.adultRequired,
      accept_terms: SIGN_UP_CONSENT.termsRequired,
    });
  });

  it('needs both consents: 18 or older, and the terms and privacy policy', () => {
    expect(validateSignUp({ ...filled, confirm_adult: false })).toEqual({
      confirm_adult: SIGN_UP_CONSENT.adultRequired,
    });
    expect(validateSignUp({ ...filled, accept_terms: false })).toEqual({
      accept_terms: SIGN_UP_CONSENT.termsRequired,
    });
  });

  it('checks email, password length, matching passwords and username rules', () => {
    expect(
      validateSignUp({ ...filled, email: 'nope', password: 'abc', confirmPassword: 'abd', username: '-al' }),
    ).toEqual({
      email: VALIDATION.email,
      password: VALIDATION.password,
      confirmPassword: VALIDATION.passwordsMatch,
      username: USERNAME.start,
    });
  });

  it('accepts a complete form', () => {
    expect(validateSignUp(filled)).toEqual({});
  });

  it('builds the request without empty optional fields and strips a leading @', () => {
    expect(toSignUpRequest({ ...filled, username: '@alex' })).toEqual({
      email: 'alex@example.com',
      username: 'alex',
      password: 'secret1',
      type: 'user',
      confirm_adult: true,
      accept_terms: true,
    });
    expect(
      toSignUpRequest({ ...filled, type: 'featured', gender: 'female', code: ' FRIEND ' }),
    ).toMatchObject({
      type: 'featured',
      gender: 'female',
      code: 'FRIEND',
    });
  });

  it('maps server field paths onto form fields', () => {
    expect(formFieldOf('username')).toBe('username');
    expect(formFieldOf('email')).toBe('email');
    expect(formFieldOf('accept_terms')).toBe('accept_terms');
    expect(formFieldOf('settings.profile')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
