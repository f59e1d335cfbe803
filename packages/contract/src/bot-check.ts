import { z } from 'zod';
import { lazySchema } from './lazy';

// The bot-check on sign-in and sign-up: a proof of work (ALTCHA) the server hands out and checks
// itself, on only when the deployment sets BOT_CHECK_KEY (docs/decisions.md).

/** A challenge can be solved and sent this long after it was handed out; each works once. */
export const BOT_CHECK_LIFETIME_MS = 10 * 60_000;
/** The widget's payload is a short base64 JSON; anything far longer is not one. */
export const BOT_CHECK_PAYLOAD_MAX = 4000;

export const BOT_CHECK_MESSAGES = {
  required: 'Please complete the check that you are not a robot, then try again.',
  invalid: 'The check that you are not a robot did not pass. Please try it again.',
  expired: 'The check that you are not a robot has expired. Please try it again.',
  used: 'This check that you are not a robot was already used. Please try it again.',
  off: 'The bot-check is not turned on here.',
} as const;

/** What sign-in and sign-up carry when the check is on: the widget's payload. */
export const BotCheckInput = lazySchema(() =>
  z.string({ error: BOT_CHECK_MESSAGES.invalid }).max(BOT_CHECK_PAYLOAD_MAX, BOT_CHECK_MESSAGES.invalid),
);

/**
 * GET /v1/auth/challenge: an ALTCHA challenge. Its parameters are signed as they are, so the
 * schema lets every field through unchanged.
 */
export const BotCheckChallenge = lazySchema(() =>
  z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string(),
  }),
);
export type BotCheckChallenge = z.infer<typeof BotCheckChallenge>;
