import { ERRORS, endpoints, SECURITY_MESSAGES, STEP_UP_HEADER, STORAGE_KEYS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './api';
import { isCodeRefusal, registerStepUpPrompt, type StepUpPrompt } from './stepUp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const freshCodeNeeded = () =>
  json(403, { message: SECURITY_MESSAGES.stepUpRequired, code: 'two_factor_required' });
const changed = { message: 'Your password has been changed.', ended_sessions: 0 };

let fetchMock: ReturnType<typeof vi.fn>;
let release: (() => void) | undefined;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => (k === STORAGE_KEYS.authToken ? 'tok' : null),
    setItem: () => {},
    removeItem: () => {},
  });
  vi.stubGlobal('location', {
    pathname: '/account',
    protocol: 'http:',
    host: 'parlor.test',
    assign: vi.fn(),
  });
  vi.stubGlobal('document', { cookie: '' });
});

afterEach(() => {
  release?.();
  release = undefined;
  vi.unstubAllGlobals();
});

/** A prompt that types these codes one after another, noting what it was told after each; null cancels. */
function typing(...codes: (string | null)[]) {
  const shown: (string | null)[] = [];
  const prompt: StepUpPrompt = async (_ask, attempt) => {
    for (const code of codes) {
      if (code === null) return;
      try {
        await attempt(code);
        shown.push(null);
        return;
      } catch (error) {
        shown.push((error as Error).message);
      }
    }
  };
  release = registerStepUpPrompt(prompt);
  return shown;
}

const changePassword = () =>
  call(endpoints.changePassword, { body: { current_password: 'old-pass-1', new_password: 'new-pass-2' } });
const sentBody = (n: number) => JSON.parse(fetchMock.mock.calls[n]![1].body as string);

describe('a change that needs a fresh code', () => {
  it('asks for the code and sends the same request again with it in the body', async () => {
    typing('123456');
    fetchMock.mockResolvedValueOnce(freshCodeNeeded()).mockResolvedValueOnce(json(200, changed));
    await expect(changePassword()).resolves.toEqual(changed);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBody(0)).toEqual({ current_password: 'old-pass-1', new_password: 'new-pass-2' });
    expect(sentBody(1)).toEqual({
      current_password: 'old-pass-1',
      new_password: 'new-pass-2',
      code: '123456',
    });
  });

  it('sends the code in its header when the request has no body', async () => {
    typing('654321');
    fetchMock
      .mockResolvedValueOnce(freshCodeNeeded())
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    await call(endpoints.deleteTeamMember, { params: { id: 'm1' } });
    const retry = fetchMock.mock.calls[1]![1];
    expect(retry.method).toBe('DELETE');
    expect(retry.body).toBeUndefined();
    expect(retry.headers[STEP_UP_HEADER]).toBe('654321');
    expect(fetchMock.mock.calls[0]![1].headers[STEP_UP_HEADER]).toBeUndefined();
  });

  it('keeps asking while the code is wrong, showing why, until one is right', async () => {
    const shown = typing('000000', '111111');
    fetchMock
      .mockResolvedValueOnce(freshCodeNeeded())
      .mockResolvedValueOnce(
        json(400, { message: SECURITY_MESSAGES.wrongCode, code: 'wrong_code', field: 'code' }),
      )
      .mockResolvedValueOnce(json(200, changed));
    await expect(changePassword()).resolves.toEqual(changed);
    expect(shown).toEqual([SECURITY_MESSAGES.wrongCode, null]);
    expect(sentBody(2).code).toBe('111111');
  });

  it('answers the refusal when the prompt is closed, and sends nothing more', async () => {
    typing(null);
    fetchMock.mockResolvedValueOnce(freshCodeNeeded());
    const error = (await changePassword().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'two_factor_required' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("hands another failure after the code to the form that asked (a payout's wrong mailed code)", async () => {
    const shown = typing('123456');
    fetchMock
      .mockResolvedValueOnce(freshCodeNeeded())
      .mockResolvedValueOnce(json(400, { message: ERRORS.wrongCode, code: 'wrong_code', field: 'code' }));
    const error = (await call(endpoints.updatePayoutDefaults, {
      query: { verification_code: '1234' },
      body: { payout_method: 'paypal_transfer', payout_account: 'me@example.com' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(ERRORS.wrongCode);
    // The prompt took it as done: the payout form shows the mailed code's error.
    expect(shown).toEqual([null]);
  });

  it('without a prompt (signed out), the refusal is the answer', async () => {
    fetchMock.mockResolvedValueOnce(freshCodeNeeded());
    await expect(changePassword()).rejects.toMatchObject({ code: 'two_factor_required' });
  });
});

describe('which refusals belong to the prompt', () => {
  it("takes a wrong or used code and the codes' wait, not a password's wait or a mailed code", () => {
    expect(isCodeRefusal({ status: 400, code: 'code_used', message: SECURITY_MESSAGES.codeUsed })).toBe(true);
    expect(
      isCodeRefusal({
        status: 400,
        code: 'recovery_code_used',
        message: SECURITY_MESSAGES.recoveryCodeUsed,
      }),
    ).toBe(true);
    expect(
      isCodeRefusal({
        status: 429,
        code: 'sign_in_throttled',
        message: SECURITY_MESSAGES.codesThrottled(60),
        retryAfter: 60,
      }),
    ).toBe(true);
    expect(
      isCodeRefusal({
        status: 429,
        code: 'sign_in_throttled',
        message: 'Too many attempts.',
        retryAfter: 60,
      }),
    ).toBe(false);
    expect(isCodeRefusal({ status: 400, code: 'wrong_code', message: ERRORS.wrongCode })).toBe(false);
  });
});
