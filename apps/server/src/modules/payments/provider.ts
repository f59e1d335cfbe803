import { randomBytes } from 'node:crypto';

/**
 * What Parlor needs from a card processor. A real provider (Stripe, Adyen) would tokenise on its
 * own page; the sandbox gets the number, decides the outcome from it, and keeps only a token.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Turns a card number into a reusable token; the number goes no further. */
  tokenize(number: string): string;
  /**
   * Charges a token. `offSession` charges (renewals) cannot run a 3-D Secure challenge, so a card
   * that needs one fails there.
   */
  charge(input: {
    token: string;
    amountCents: number;
    paymentId: string;
    offSession?: boolean;
  }): Promise<ChargeResult>;
}

export type ChargeResult =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  | {
      status: 'failed';
      code: 'card_declined' | 'insufficient_funds' | 'authentication_required';
      message: string;
    };

export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined. Please use a different card.',
  insufficient_funds: 'Your card has insufficient funds. Please use a different card.',
  authentication_required:
    'Your bank needs you to confirm this payment. Please pay again while you are here.',
  authentication_failed: 'Card authentication failed. No money was taken; please try again.',
} as const;

type Outcome = 'ok' | '3ds' | 'declined' | 'insufficient';
/** The sandbox's test card numbers and what they do. */
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': 'ok',
  '4000000000003220': '3ds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
};

/** The built-in sandbox: never touches a network; the token carries the test outcome only. */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    tokenize(number) {
      const outcome = TEST_CARDS[number] ?? 'ok';
      return `sandbox_${outcome}_${randomBytes(12).toString('hex')}`;
    },
    async charge({ token, offSession }) {
      const outcome = /^sandbox_([a-z0-9]+)_/.exec(token)?.[1] as Outcome | undefined;
      switch (outcome) {
        case 'ok':
          return { status: 'succeeded' };
        case '3ds':
          return offSession
            ? {
                status: 'failed',
                code: 'authentication_required',
                message: DECLINE_MESSAGES.authentication_required,
              }
            : { status: 'requires_action' };
        case 'insufficient':
          return {
            status: 'failed',
            code: 'insufficient_funds',
            message: DECLINE_MESSAGES.insufficient_funds,
          };
        default:
          return { status: 'failed', code: 'card_declined', message: DECLINE_MESSAGES.card_declined };
      }
    },
  };
}
