import { describe, expect, it } from 'vitest';
import { codeError, groupedSecret, recoveryCodesText, secondFactorOf } from './codeModel';
import { PASSKEY_PROBLEMS, passkeyProblem } from './passkeys';
import { passkeyDetails } from './passkeyView';
import { SETUP_IDLE, type SetupState, setupReducer } from './totpSetup';

const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Parlor:alex?secret=x',
};

describe('turning on two-factor sign-in', () => {
  it('goes password, secret, recovery codes, then back to the card', () => {
    let state: SetupState = SETUP_IDLE;
    state = setupReducer(state, { type: 'start' });
    expect(state).toEqual({ step: 'password' });
    state = setupReducer(state, { type: 'secret', setup });
    expect(state).toEqual({ step: 'scan', setup });
    state = setupReducer(state, { type: 'codes', codes: ['abcde-fghjk'] });
    expect(state).toEqual({ step: 'codes', codes: ['abcde-fghjk'], renewed: false });
    expect(setupReducer(state, { type: 'saved' })).toEqual(SETUP_IDLE);
  });

  it('lets the set-up be cancelled, but not the codes shown once', () => {
    expect(setupReducer({ step: 'scan', setup }, { type: 'cancel' })).toEqual(SETUP_IDLE);
    const codes: SetupState = { step: 'codes', codes: ['a'], renewed: true };
    expect(setupReducer(codes, { type: 'cancel' })).toBe(codes);
  });

  it('shows new recovery codes asked for while it is on', () => {
    expect(setupReducer(SETUP_IDLE, { type: 'codes', codes: ['x'], renewed: true })).toEqual({
      step: 'codes',
      codes: ['x'],
      renewed: true,
    });
  });
});

describe('codes as typed', () => {
  it('takes six digits, spaces allowed, and a recovery code with or without its dash', () => {
    expect(codeError('app', '123 456')).toBeUndefined();
    expect(codeError('app', '12345')).toBeDefined();
    expect(codeError('recovery', 'ABCDE-FGHJK')).toBeUndefined();
    expect(codeError('recovery', 'abc')).toBeDefined();
    expect(secondFactorOf('app', '123 456')).toEqual({ code: '123456' });
    expect(secondFactorOf('recovery', ' abcde-fghjk ')).toEqual({ recovery_code: 'abcde-fghjk' });
  });

  it('writes the recovery codes file and groups the secret for typing', () => {
    const text = recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'], 'alex', new Date('2026-12-01T10:00:00Z'));
    expect(text).toContain('Parlor recovery codes for alex');
    expect(text).toContain('2026-12-01');
    expect(text.split('\n')).toContain('mnpqr-stuvw');
    expect(groupedSecret('JBSWY3DPEHPK')).toBe('JBSW Y3DP EHPK');
  });
});

describe('what a passkey failure says', () => {
  it('tells a cancelled request, a passkey already there and an address passkeys refuse', () => {
    expect(passkeyProblem({ name: 'NotAllowedError' })).toBe(PASSKEY_PROBLEMS.cancelled);
    expect(
      passkeyProblem({ name: 'InvalidStateError', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }),
    ).toBe(PASSKEY_PROBLEMS.taken);
    expect(passkeyProblem({ name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' })).toBe(
      PASSKEY_PROBLEMS.address,
    );
    expect(passkeyProblem({ name: 'UnknownError' })).toBe(PASSKEY_PROBLEMS.failed);
  });
});

describe('a passkey in the list', () => {
  it('says when it was added and last used', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    expect(passkeyDetails({ created_at: '2026-12-01T09:00:00Z', last_used_at: null }, now)).toBe(
      'Added 1 Dec 2026 · Not used yet',
    );
    expect(
      passkeyDetails({ created_at: '2026-12-01T09:00:00Z', last_used_at: '2026-12-03T10:00:00Z' }, now),
    ).toBe('Added 1 Dec 2026 · Last used 2 hours ago');
  });
});
