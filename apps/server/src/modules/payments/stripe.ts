import Stripe from 'stripe';
import type { Config } from '../../config';
import {
  type ChargeResult,
  DECLINE_MESSAGES,
  type PaymentProvider,
  type ProviderEvent,
  type ReportedMethod,
  WebhookSignatureError,
} from './provider';

type StripeConfig = NonNullable<Config['stripe']>;

/** The SDK client; `apiUrl` points it at a stand-in (tests), otherwise it talks to api.stripe.com. */
export function stripeClient(config: StripeConfig): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Parlor' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

const BRANDS: Record<string, ReportedMethod['brand']> = { visa: 'VISA', mastercard: 'MASTER' };

function reportedMethod(pm: Stripe.PaymentMethod): ReportedMethod | null {
  if (!pm.card) return null;
  return {
    token: pm.id,
    brand: BRANDS[pm.card.brand] ?? null,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
    name: pm.billing_details?.name ?? '',
    fingerprint: `stripe:${pm.card.fingerprint ?? pm.id}`,
  };
}

/** A declined off-session or saved-card charge, in the sandbox's words. */
function declined(error: unknown): ChargeResult {
  const e = error as { type?: string; code?: string; decline_code?: string };
  if (e?.type !== 'StripeCardError') throw error;
  if (e.code === 'authentication_required')
    return {
      status: 'failed',
      code: 'authentication_required',
      message: DECLINE_MESSAGES.authentication_required,
    };
  if (e.decline_code === 'insufficient_funds')
    return { status: 'failed', code: 'insufficient_funds', message: DECLINE_MESSAGES.insufficient_funds };
  return { status: 'failed', code: 'card_declined', message: DECLINE_MESSAGES.card_declined };
}

/**
 * Stripe: Checkout Sessions for new cards, PaymentIntents on a customer's saved payment method, and
 * webhooks verified with the SDK's signature check. Every call carries an idempotency key derived
 * from Parlor's payment id, so a retried call never charges twice at Stripe either.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    name: 'stripe',
    cardForm: false,
    tokenize() {
      throw new Error('Stripe takes card numbers on its own page only');
    },

    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { parlor_user_id: userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ...(input.customerId ? { customer: input.customerId } : {}),
          client_reference_id: input.paymentId,
          metadata: { payment_id: input.paymentId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          payment_intent_data: {
            metadata: { payment_id: input.paymentId },
            ...(input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout:${input.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { url: session.url, checkoutId: session.id };
    },

    async charge({ token, amountCents, paymentId, offSession, customerId, returnUrl }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            ...(customerId ? { customer: customerId } : {}),
            payment_method: token,
            confirm: true,
            metadata: { payment_id: paymentId },
            ...(offSession ? { off_session: true } : returnUrl ? { return_url: returnUrl } : {}),
          },
          { idempotencyKey: `charge:${paymentId}` },
        );
      } catch (error) {
        return declined(error);
      }
      if (intent.status === 'succeeded') return { status: 'succeeded', providerPayment: intent.id };
      const redirect = intent.next_action?.redirect_to_url?.url;
      if (intent.status === 'requires_action' && redirect && !offSession)
        return { status: 'requires_action', redirectUrl: redirect, providerPayment: intent.id };
      if (intent.status === 'processing') return { status: 'requires_action', providerPayment: intent.id };
      return { status: 'failed', code: 'card_declined', message: DECLINE_MESSAGES.card_declined };
    },

    async refund({ providerPayment, amountCents }) {
      if (!providerPayment) throw new Error('This payment has no Stripe payment to refund');
      await stripe.refunds.create(
        { payment_intent: providerPayment, amount: amountCents },
        { idempotencyKey: `refund:${providerPayment}:${amountCents}` },
      );
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no signature');
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new WebhookSignatureError('The webhook signature is not valid.');
      }
      return toProviderEvent(stripe, event);
    },
  };
}

async function toProviderEvent(stripe: Stripe, event: Stripe.Event): Promise<ProviderEvent> {
  const base = { id: event.id };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const providerPayment = idOf(session.payment_intent);
      if (session.payment_status !== 'paid')
        return { ...base, kind: 'ignored', type: event.type, paymentId: null, providerPayment };
      // The method the fan paid with, as Stripe reports it: saved on the customer when asked.
      let method: ReportedMethod | null = null;
      if (providerPayment && session.customer) {
        const intent = await stripe.paymentIntents.retrieve(providerPayment, { expand: ['payment_method'] });
        const pm = intent.payment_method;
        if (pm && typeof pm !== 'string') method = reportedMethod(pm);
      }
      return {
        ...base,
        kind: 'paid',
        paymentId: session.client_reference_id ?? session.metadata?.payment_id ?? null,
        providerPayment,
        checkoutId: session.id,
        method,
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        ...base,
        kind: 'paid',
        paymentId: intent.metadata?.payment_id ?? null,
        providerPayment: intent.id,
        checkoutId: null,
        method: null,
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        ...base,
        kind: 'failed',
        paymentId: intent.metadata?.payment_id ?? null,
        providerPayment: intent.id,
        message: DECLINE_MESSAGES.card_declined,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'refunded',
        paymentId: charge.metadata?.payment_id ?? null,
        providerPayment: idOf(charge.payment_intent),
        refundedCents: charge.amount_refunded,
        amountCents: charge.amount,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        ...base,
        kind: 'chargeback',
        paymentId: dispute.metadata?.payment_id ?? null,
        providerPayment: idOf(dispute.payment_intent),
        disputedCents: dispute.amount,
        amountCents: dispute.amount,
      };
    }
    default:
      return { ...base, kind: 'ignored', type: event.type, paymentId: null, providerPayment: null };
  }
}
