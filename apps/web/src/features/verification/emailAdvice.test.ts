import { describe, expect, it } from 'vitest';
import { editDistance, emailSuggestion, isFreeMailAddress } from './emailAdvice';

describe('emailSuggestion', () => {
  it('suggests a well-known host one to three edits away', () => {
    expect(emailSuggestion('jo@gmial.com')).toBe('jo@gmail.com');
    expect(emailSuggestion('jo@gmail.co')).toBe('jo@gmail.com');
    expect(emailSuggestion('Jo.Smith@yaho.com')).toBe('Jo.Smith@yahoo.com');
    expect(emailSuggestion('jo@hotmial.con')).toBe('jo@hotmail.com');
    expect(emailSuggestion('jo@outlok.com')).toBe('jo@outlook.com');
    expect(emailSuggestion('jo@icoud.com')).toBe('jo@icloud.com');
  });

  it('stays quiet for an exact host, a far domain and a broken address', () => {
    expect(emailSuggestion('jo@gmail.com')).toBeUndefined();
    expect(emailSuggestion('jo@example.org')).toBeUndefined();
    expect(emailSuggestion('jo@university.edu')).toBeUndefined();
    expect(emailSuggestion('not-an-email')).toBeUndefined();
    expect(emailSuggestion('jo@')).toBeUndefined();
  });

  it('stops at distance three', () => {
    expect(editDistance('gxxxl.com', 'gmail.com')).toBe(3);
    expect(emailSuggestion('jo@gxxxl.com')).toBe('jo@gmail.com');
    expect(editDistance('gxxxx.com', 'gmail.com')).toBe(4);
    expect(emailSuggestion('jo@gxxxx.com')).toBeUndefined();
  });
});

describe('isFreeMailAddress', () => {
  it('flags Yahoo, Outlook, Hotmail and iCloud only', () => {
    for (const e of ['a@yahoo.com', 'a@outlook.fr', 'a@HOTMAIL.co.uk', 'a@icloud.com']) {
      expect(isFreeMailAddress(e)).toBe(true);
    }
    expect(isFreeMailAddress('a@gmail.com')).toBe(false);
    expect(isFreeMailAddress('a@myyahoo.com')).toBe(false);
    expect(isFreeMailAddress('nope')).toBe(false);
  });
});
