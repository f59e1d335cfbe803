import { ERRORS, type Message } from '@parlor/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api';
import { runSend, type SendDeps } from './sendPipeline';

const stored = { _id: '7', text: 'hi' } as Message;
const request = {
  type: 'text' as const,
  recipient_id: 'u2',
  chat_id: 'c1',
  text: 'hi\u200b there',
  clientSideReceiveId: 'csr-1',
};

function deps(answers: (Error | { message: Message; credits: number })[]) {
  const sleeps: number[] = [];
  const bodies: unknown[] = [];
  const d: SendDeps = {
    post: vi.fn(async (body) => {
      bodies.push(body);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { d, sleeps, bodies };
}

const flagged = () => new ApiError(422, 'flagged', 'content_flagged', { flagged: ['\u200b'] });
const serverError = () => new ApiError(500, ERRORS.default, 'internal');

describe('the send pipeline', () => {
  it('answers the stored message and the balance on success', async () => {
    const { d } = deps([{ message: stored, credits: 90 }]);
    expect(await runSend(d, request)).toEqual({ kind: 'sent', message: stored, credits: 90 });
  });

  it('sanitises flagged characters and retries, keeping the same send id', async () => {
    const { d, bodies, sleeps } = deps([flagged(), { message: stored, credits: 1 }]);
    const outcome = await runSend(d, request);
    expect(outcome.kind).toBe('sent');
    expect(bodies[1]).toMatchObject({ text: 'hi there', clientSideReceiveId: 'csr-1' });
    expect(sleeps).toEqual([1_000]);
  });

  it('gives up after two sanitising retries', async () => {
    const { d, bodies } = deps([flagged(), flagged(), flagged()]);
    expect(await runSend(d, request)).toEqual({ kind: 'failed', message: 'flagged' });
    expect(bodies).toHaveLength(3);
  });

  it('retries other errors four times, waiting 1 s x attempt, then fails', async () => {
    const { d, sleeps, bodies } = deps([
      serverError(),
      serverError(),
      serverError(),
      serverError(),
      serverError(),
    ]);
    expect(await runSend(d, request)).toEqual({ kind: 'failed', message: ERRORS.default });
    expect(bodies).toHaveLength(5);
    expect(sleeps).toEqual([1_000, 2_000, 3_000, 4_000]);
  });

  it('recovers when a retry succeeds', async () => {
    const { d } = deps([new ApiError(0, ERRORS.network, 'network_error'), { message: stored, credits: 3 }]);
    expect((await runSend(d, request)).kind).toBe('sent');
  });

  it.each([
    [new ApiError(402, ERRORS.balanceTooLow, 'balance_too_low'), 'noCredits'],
    [new ApiError(402, ERRORS.noCredits, 'no_credits'), 'noCredits'],
    [new ApiError(403, ERRORS.blocked, 'blocked'), 'blocked'],
    [new ApiError(403, ERRORS.userEndedChat, 'user_ended_chat'), 'ended'],
    [new ApiError(410, ERRORS.chatClosed, 'chat_closed'), 'closed'],
    [new ApiError(423, ERRORS.frozen, 'account_frozen'), 'frozen'],
  ])('stops at once with a forced flag on %s', async (error, flag) => {
    const { d, bodies } = deps([error]);
    expect(await runSend(d, request)).toEqual({ kind: 'forced', flag, message: error.message });
    expect(bodies).toHaveLength(1);
  });

  it('stops at once when the recipient blocks media', async () => {
    const { d, bodies } = deps([new ApiError(403, ERRORS.mediaBlocked, 'media_blocked')]);
    expect(await runSend(d, request)).toEqual({ kind: 'mediaBlocked', message: ERRORS.mediaBlocked });
    expect(bodies).toHaveLength(1);
  });

  it('ends as aborted, without retrying, once its signal is aborted', async () => {
    const controller = new AbortController();
    const { d, bodies } = deps([serverError(), { message: stored, credits: 1 }]);
    d.sleep = async () => controller.abort();
    expect(await runSend(d, request, controller.signal)).toEqual({ kind: 'aborted' });
    expect(bodies).toHaveLength(1);
  });

  it('drops the answer of a send aborted while it was posted', async () => {
    const controller = new AbortController();
    const { d } = deps([{ message: stored, credits: 1 }]);
    const post = d.post;
    d.post = async (body) => {
      controller.abort();
      return post(body);
    };
    expect(await runSend(d, request, controller.signal)).toEqual({ kind: 'aborted' });
  });
});
