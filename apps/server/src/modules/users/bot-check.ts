import { createHmac, randomInt } from 'node:crypto';
import { BOT_CHECK_LIFETIME_MS, BOT_CHECK_MESSAGES, BotCheckChallenge } from '@parlor/contract';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest, notFound } from '../../lib/errors';
import { botCheckRepository } from './bot-check-repository';

// The bot-check (ALTCHA, self-hosted): the server hands out a signed proof-of-work challenge, the
// browser solves it, and sign-in or sign-up sends the solution, which works once.

/**
 * The work asked of a browser: PBKDF2 rounds per try times the tries to the answer (a random
 * counter the server picks, so it can sign the answer's key and check it with one HMAC). About
 * half a second of a phone's CPU: enough to make every scripted try cost, not enough to annoy.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 500;
const COUNTER_MIN = 1000;
const COUNTER_MAX = 3000;

/** The answer's key is signed with a key of its own, derived from BOT_CHECK_KEY. */
const keySignatureSecret = (key: string) =>
  createHmac('sha256', key).update('parlor bot-check key signature').digest('hex');

function keyOf(ctx: AppContext): string {
  const key = ctx.config.botCheckKey;
  if (!key) throw notFound(BOT_CHECK_MESSAGES.off, 'bot_check_off');
  return key;
}

/** GET /v1/auth/challenge: a fresh challenge, valid for BOT_CHECK_LIFETIME_MS. */
export async function botCheckChallenge(ctx: AppContext): Promise<BotCheckChallenge> {
  const key = keyOf(ctx);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(ctx.clock.now().getTime() + BOT_CHECK_LIFETIME_MS),
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: keySignatureSecret(key),
  });
  return challenge as BotCheckChallenge;
}

/** The widget's payload: base64 of `{ challenge, solution }`. */
const Payload = z.object({
  challenge: BotCheckChallenge,
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function parsePayload(payload: string) {
  try {
    return Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

const refused = (message: string, code: string) => badRequest(message, code, 'bot_check');

/**
 * Sign-in and sign-up while BOT_CHECK_KEY is set: the payload must be a solution of a challenge
 * this deployment signed, not expired, and not spent before (on any server process: the spent
 * ones are in the database). Without the key, nothing is asked.
 */
export async function requireBotCheck(ctx: AppContext, payload: string | undefined): Promise<void> {
  const key = ctx.config.botCheckKey;
  if (!key) return;
  if (!payload) throw refused(BOT_CHECK_MESSAGES.required, 'bot_check_required');
  const parsed = parsePayload(payload);
  const { nonce, expiresAt: expiresAtS } = parsed?.challenge.parameters ?? {};
  if (!parsed || !nonce || expiresAtS === undefined) {
    throw refused(BOT_CHECK_MESSAGES.invalid, 'bot_check_invalid');
  }
  const result = await verifySolution({
    challenge: parsed.challenge as Challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: keySignatureSecret(key),
  }).catch(() => null);
  // The library reads the wall clock; the server's clock decides too (tests move it).
  const expiresAt = new Date(expiresAtS * 1000);
  if (result?.expired || (result?.verified && expiresAt <= ctx.clock.now())) {
    throw refused(BOT_CHECK_MESSAGES.expired, 'bot_check_expired');
  }
  if (!result?.verified) throw refused(BOT_CHECK_MESSAGES.invalid, 'bot_check_invalid');
  if (!(await botCheckRepository.spend(ctx.db, nonce, expiresAt))) {
    throw refused(BOT_CHECK_MESSAGES.used, 'bot_check_used');
  }
}

export const BOT_CHECK_PURGE_JOB = 'bot-check.purge';

/** Spent challenges are kept only until they expire. */
export const botCheckPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: BOT_CHECK_PURGE_JOB,
  intervalMs: 60 * 60_000,
  run: (now) => botCheckRepository.purge(ctx.db, now),
});
