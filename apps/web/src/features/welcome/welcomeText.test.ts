import { describe, expect, it } from 'vitest';
import { joinedNote, messageLabel, pageLabel, welcomeTitle } from './welcomeText';

describe('the welcome’s words', () => {
  it('names the creator who invited the fan', () => {
    expect(welcomeTitle('mila')).toBe('Welcome — mila invited you');
  });
  it('call to action by the creator’s gender, by name without one', () => {
    expect(messageLabel({ username: 'mila', gender: 'female' })).toBe('Message her');
    expect(pageLabel({ username: 'mila', gender: 'female' })).toBe('See her page');
    expect(messageLabel({ username: 'leo', gender: 'male' })).toBe('Message him');
    expect(joinedNote({ username: 'leo', gender: 'male' })).toBe('You joined through his link.');
    expect(messageLabel({ username: 'kit', gender: null })).toBe('Message kit');
    expect(pageLabel({ username: 'kit', gender: 'other' })).toBe('See kit’s page');
  });
});
