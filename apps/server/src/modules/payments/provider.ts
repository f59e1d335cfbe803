import { randomBytes } from 'node:crypto';

/**
 * What Parlor needs from a card processor (docs/payments.md "Payment providers"). Two shapes:
 *
 * - a card form (`cardForm`, the sandbox): the card number comes to Parlor, which tokenises it and
 *   charges the token;
 * - hosted checkout (Stripe; CCBill and Segpay fit the same way): the fan pays on the provider's
 *   page (`createCheckout`), and the provider's signed webhook (`parseWebhook`) is what says a
 *   payment succeeded, failed, was refunded or charged back. The card never reaches Parlor.
 *
 * Saved methods are charged by token (`charge`), on-session or off-session (renewals).
 */
export interface PaymentProvider {
  readonly name: string;
  /** True for the sandbox only: the client may send a card number. */
  readonly cardForm: boolean;
  /** Turns a card number into a reusable token; the number goes no further (card-form providers). */
  tokenize(number: string): string;
  /**
   * Charges a token. `offSession` charges (renewals) cannot run a 3-D Secure challenge, so a card
   * that needs one fails there. `customerId` is the provider's customer the token belongs to.
   */
  charge(input: {
    token: string;
    amountCents: number;
    paymentId: string;
    offSession?: boolean;
    customerId?: string | undefined;
    returnUrl?: string | undefined;
  }): Promise<ChargeResult>;
  /** Hosted checkout for a payment row: where to send the browser. */
  createCheckout?(input: CheckoutInput): Promise<{ url: string; checkoutId: string }>;
  /** The provider's customer for a user, created on first use (saved methods live there). */
  createCustomer?(input: { userId: string; email: string | null }): Promise<string>;
  /**
   * Verifies a webhook's signature over its raw body and reads it as one of Parlor's events.
   * Throws `WebhookSignatureError` on a forged, stale or unsigned request.
   */
  parseWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent>;
  /** Asks the provider to refund a payment; hosted providers confirm it by webhook. */
  refund(input: { providerPayment: string | null; amountCents: number }): Promise<void>;
}

export interface CheckoutInput {
  paymentId: string;
  amountCents: number;
  description: string;
  customerId: string | undefined;
  /** Keep the method on the customer for later payments and off-session renewals. */
  saveMethod: boolean;
  successUrl: string;
  cancelUrl: string;
}

/** A payment method as the provider reports it (never a number). */
export interface ReportedMethod {
  token: string;
  brand: 'VISA' | 'MASTER' | null;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  /** The provider's own fingerprint of the card: the same card saved twice is one row. */
  fingerprint: string;
}

/** A provider's webhook event in Parlor's terms; `ignored` for types Parlor does not act on. */
export type ProviderEvent = {
  id: string;
  /** Parlor's payment id when the provider echoes it (metadata / client reference). */
  paymentId: string | null;
  /** The provider's payment id (Stripe: the PaymentIntent). */
  providerPayment: string | null;
} & (
  | { kind: 'paid'; checkoutId: string | null; method: ReportedMethod | null }
  | { kind: 'failed'; message: string }
  | { kind: 'refunded'; refundedCents: number; amountCents: number }
  | { kind: 'chargeback'; disputedCents: number; amountCents: number }
  | { kind: 'ignored'; type: string }
);

export class WebhookSignatureError extends Error {}

export type ChargeResult =
  | { status: 'succeeded'; providerPayment?: string }
  | { status: 'requires_action'; redirectUrl?: string; providerPayment?: string }
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
    cardForm: true,
    // The sandbox moves no money: a refund only takes the credits back (the service does that).
    async refund() {},
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
