import { SUCCESS, VERIFY_TEXTS } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import {
  codeComplete,
  codeOf,
  cooldownAtOpen,
  cooldownLeft,
  initialVerifyState,
  pastedCode,
  type VerifyEvent,
  verifyReducer,
  verifyTitle,
} from './verifyMachine';

const run = (events: VerifyEvent[], start = initialVerifyState('onboarding', 'jo@example.com')) =>
  events.reduce(verifyReducer, start);

describe('verifyReducer', () => {
  it('starts at the code stage with four empty boxes', () => {
    const s = initialVerifyState('onboarding', 'jo@example.com');
    expect(s.stage).toBe('code');
    expect(s.digits).toEqual(['', '', '', '']);
    expect(codeComplete(s)).toBe(false);
  });

  it('keeps one digit per box and ignores letters', () => {
    const s = run([
      { type: 'typed', index: 0, value: '1' },
      { type: 'typed', index: 1, value: 'a' },
      { type: 'typed', index: 2, value: '34' },
    ]);
    expect(s.digits).toEqual(['1', '', '4', '']);
  });

  it('enables submit only when all four boxes hold a digit', () => {
    const s = run([0, 1, 2, 3].map((index) => ({ type: 'typed' as const, index, value: String(index) })));
    expect(codeComplete(s)).toBe(true);
    expect(codeOf(s)).toBe('0123');
    expect(codeComplete(verifyReducer(s, { type: 'erased', index: 3 }))).toBe(false);
  });

  it('fills all boxes from a paste of exactly four digits only', () => {
    expect(run([{ type: 'pasted', text: ' 4821 ' }]).digits).toEqual(['4', '8', '2', '1']);
    expect(run([{ type: 'pasted', text: '48210' }]).digits).toEqual(['', '', '', '']);
    expect(run([{ type: 'pasted', text: '48a1' }]).digits).toEqual(['', '', '', '']);
    expect(pastedCode('123')).toBeUndefined();
  });

  it('empties the boxes on a wrong code and shows the message', () => {
    const s = run([
      { type: 'pasted', text: '1111' },
      { type: 'submitted' },
      { type: 'verifyFailed', message: 'Wrong code. Please try again.', clearCode: true },
    ]);
    expect(s.digits).toEqual(['', '', '', '']);
    expect(s.error).toBe('Wrong code. Please try again.');
    expect(s.busy).toBe(false);
  });

  it('moves to done with a 5-second countdown that stops at zero', () => {
    let s = run([{ type: 'pasted', text: '1234' }, { type: 'submitted' }, { type: 'verified' }]);
    expect(s.stage).toBe('done');
    expect(s.countdown).toBe(5);
    for (let i = 0; i < 7; i++) s = verifyReducer(s, { type: 'tick' });
    expect(s.countdown).toBe(0);
  });

  it('returns to the code stage after a resend and runs the 30-second cooldown', () => {
    const now = 1_000_000;
    const s = run([
      { type: 'showHelp' },
      { type: 'resendStarted' },
      { type: 'resent', email: 'new@x.io', now },
    ]);
    expect(s.stage).toBe('code');
    expect(s.email).toBe('new@x.io');
    expect(s.notice).toBe(SUCCESS.emailSent);
    expect(cooldownLeft(s, now)).toBe(30);
    expect(cooldownLeft(s, now + 29_500)).toBe(1);
    expect(cooldownLeft(s, now + 30_000)).toBe(0);
  });

  it('starts the cooldown at opening only when the popup cannot be closed', () => {
    expect(cooldownAtOpen({ isClosable: false, isVerifyResend: false })).toBe(true);
    expect(cooldownAtOpen({ isClosable: true, isVerifyResend: false })).toBe(false);
    expect(cooldownAtOpen({ isClosable: false, isVerifyResend: true })).toBe(false);
    expect(cooldownLeft(initialVerifyState('onboarding', 'a@b.co', { cooldownFrom: 0 }), 0)).toBe(30);
  });
});

describe('verifyTitle', () => {
  const base = initialVerifyState('onboarding', 'a@b.co');
  it('follows the spec order', () => {
    expect(verifyTitle(base, false)).toBe(VERIFY_TEXTS.titleDefault);
    expect(verifyTitle({ ...base, mode: 'action' }, false)).toBe(VERIFY_TEXTS.titleAction);
    expect(verifyTitle(base, true)).toBe(VERIFY_TEXTS.titleConverted);
    expect(verifyTitle({ ...base, stage: 'help' }, true)).toBe(VERIFY_TEXTS.titleHelp);
    expect(verifyTitle({ ...base, stage: 'different' }, false)).toBe(VERIFY_TEXTS.titleHelp);
    expect(verifyTitle({ ...base, resent: true }, false)).toBe(VERIFY_TEXTS.titleResent);
    expect(verifyTitle({ ...base, stage: 'done', resent: true }, false)).toBe(VERIFY_TEXTS.titleDone);
  });
});
