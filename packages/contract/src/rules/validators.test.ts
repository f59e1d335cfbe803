import { describe, expect, it } from 'vitest';
import {
  cardExpiry,
  email,
  fieldsMatch,
  firstError,
  handleChars,
  normalizeUsername,
  password,
  passwordsMatch,
  phone,
  required,
  username,
  type Validator,
} from './validators';

// The spec's wording is asserted as literal text, not through the messages module, so a changed
// message fails here rather than changing silently in both places.

function check(rule: Validator, message: string, good: string[], bad: string[]) {
  for (const value of good) expect(rule(value), JSON.stringify(value)).toBeUndefined();
  for (const value of bad) expect(rule(value), JSON.stringify(value)).toBe(message);
}

describe('common validators', () => {
  it('required refuses blank and whitespace-only values', () => {
    check(required, 'Required field cannot be blank', ['a', ' x '], ['', '   ', '\t']);
  });

  it('email accepts an address and refuses anything without user, host and domain', () => {
    check(
      email,
      'Email is invalid',
      ['fan@example.com', ' Fan.Name+tag@mail.example.co ', 'a@b.io'],
      [
        '',
        'fan',
        'fan@',
        'fan@example',
        '@example.com',
        'fan @example.com',
        'fan@@example.com',
        'fan@example.c',
      ],
    );
  });

  it('phone accepts digits with common separators and refuses letters or short numbers', () => {
    check(
      phone,
      'Phone number is invalid',
      ['+1 (555) 123-4567', '0612345678'],
      ['', '12345', 'call me', '+1 555 abc'],
    );
  });

  it('password at least 6 characters', () => {
    check(password, 'Password must be at least 6 characters', ['123456', 'a long passphrase'], ['', '12345']);
  });

  it('letters, numbers, underscores or periods only', () => {
    check(
      handleChars,
      'Must only contain letters, numbers, underscores or periods.',
      ['mila', 'Mila_99.x'],
      ['mi-la', 'mi la', 'mila!', 'mílá'],
    );
  });

  it('passwords match', () => {
    expect(passwordsMatch('secret1', 'secret1')).toBeUndefined();
    expect(passwordsMatch('secret1', 'secret2')).toBe("Passwords don't match");
  });

  it('two fields match', () => {
    expect(fieldsMatch('a@b.io', 'a@b.io')).toBeUndefined();
    expect(fieldsMatch('a@b.io', 'a@b.com')).toBe('Please make sure both input fields match');
  });

  it('firstError answers the first failing rule in order', () => {
    expect(firstError('', [required, password])).toBe('Required field cannot be blank');
    expect(firstError('abc', [required, password, handleChars])).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstError('abc.def', [required, password, handleChars])).toBeUndefined();
  });
});

describe('card expiry', () => {
  const now = new Date(Date.UTC(2026, 10, 15)); // 15 November 2026
  const expired = 'Credit / debit card expired';

  it('accepts the current month and later months', () => {
    expect(cardExpiry(11, 2026, now)).toBeUndefined();
    expect(cardExpiry(12, 2026, now)).toBeUndefined();
    expect(cardExpiry(1, 2027, now)).toBeUndefined();
  });

  it('refuses a month that is over', () => {
    expect(cardExpiry(10, 2026, now)).toBe(expired);
    expect(cardExpiry(12, 2025, now)).toBe(expired);
  });

  it('reads a two-digit year as 20YY', () => {
    expect(cardExpiry(11, 26, now)).toBeUndefined();
    expect(cardExpiry(10, 26, now)).toBe(expired);
  });

  it('expires at the first instant of the next month', () => {
    expect(cardExpiry(11, 2026, new Date(Date.UTC(2026, 10, 30, 23, 59, 59)))).toBeUndefined();
    expect(cardExpiry(11, 2026, new Date(Date.UTC(2026, 11, 1)))).toBe(expired);
  });
});

describe('username rules', () => {
  it('is required', () => {
    check(username, 'Username is required', ['mila'], ['', '   ', '@']);
  });

  it('needs at least 3 characters', () => {
    check(username, 'Username should contain at least 3 characters', ['abc', '123'], ['a', 'ab', '@ab']);
  });

  it('cannot exceed 30 characters', () => {
    check(
      username,
      'Username cannot exceed 30 characters',
      ['a'.repeat(30), `@${'a'.repeat(30)}`],
      ['a'.repeat(31)],
    );
  });

  it('allows only letters, digits and hyphens', () => {
    check(
      username,
      'Usernames can only contain letters, numbers and hyphens',
      ['Mila-99', 'a-b-c'],
      ['mila_99', 'mila.x', 'mi la', 'mila!', 'mílá', 'mi@la'],
    );
  });

  it('starts with a letter or digit', () => {
    check(username, 'Usernames must start with letters or numbers', ['9lives', 'a--b'], ['-mila', '---']);
  });

  it('ends with a letter or digit', () => {
    check(username, 'Usernames must end with letters or numbers', ['mila9'], ['mila-', 'ab--']);
  });

  it('strips one leading @ before checking', () => {
    expect(normalizeUsername('@mila')).toBe('mila');
    expect(normalizeUsername('  @mila ')).toBe('mila');
    expect(normalizeUsername('mi@la')).toBe('mi@la');
    expect(username('@mila')).toBeUndefined();
    expect(username('@@mila')).toBe('Usernames can only contain letters, numbers and hyphens');
  });
});
