import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants';
import { CardBrand, SubscriptionStatus } from './enums';
import { commaIds } from './ids';
import { lazySchema } from './lazy';
import { Message } from './messages';
import { CARD_MESSAGES, cardBrand, digitsOf, luhnValid } from './rules/cards';
import { VALIDATION } from './rules/messages';
import { groupDigits } from './rules/numbers';
import { cardExpiry } from './rules/validators';

// Credits, card payments, saved cards, tips and subscriptions. Money on the server is integer
// credits; card prices are cents.

/** A fan without a purchase may open this many chats with creators when free chats are on. */
export const FREE_CHAT_LIMIT = 3;
/**
 * Credits a subscription costs per period unless the creator sets their own price (the default of
 * `users.subscription_price`), the bounds a creator may set, and the period.
 */
export const SUBSCRIPTION_PRICE = 50;
export const SUBSCRIPTION_PRICE_MIN = 10;
export const SUBSCRIPTION_PRICE_MAX = 5_000;
export const SUBSCRIPTION_PERIOD_DAYS = 30;
export const SUBSCRIPTION_PERIOD_MS = SUBSCRIPTION_PERIOD_DAYS * 86_400_000;
/** The tip picker's preset amounts (credits) and the largest tip. */
export const TIP_AMOUNTS = [10, 25, 50, 100] as const;
export const TIP_MAX = 10_000;
/** The most credits one card payment may buy. */
export const PAYMENT_MAX_CREDITS = 100_000;
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT'] as const;

export const CreditPackage = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    credits: z.number().int().positive(),
    /** What the card is charged, in cents, and the same in dollars with two decimals. */
    price_cents: z.number().int().positive(),
    price: z.string(),
    /** Credits above the package's price at credits x 0.1. */
    bonus: z.number().int().min(0),
    popular: z.boolean(),
  }),
);
export type CreditPackage = z.infer<typeof CreditPackage>;
export const CreditPackageList = lazySchema(() => z.object({ data: z.array(CreditPackage) }));
export type CreditPackageList = z.infer<typeof CreditPackageList>;

const pkg = (_id: string, name: string, credits: number, cents: number, popular = false): CreditPackage => ({
  _id,
  name,
  credits,
  price_cents: cents,
  price: (cents / 100).toFixed(2),
  bonus: Math.max(0, credits - cents / 10),
  popular,
});
/** The packages offered on /account/get-credits (GET /v1/credit-packages). */
export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  pkg('starter', 'Starter', 100, 1_000),
  pkg('plus', 'Plus', 260, 2_500),
  pkg('popular', 'Pro', 550, 5_000, true),
  pkg('best', 'Best value', 1_200, 10_000),
];

export const PaymentType = lazySchema(() => z.enum(['package', 'tip', 'subscription', 'message', 'feed']));
export type PaymentType = z.infer<typeof PaymentType>;

const month = lazySchema(() =>
  z.coerce
    .number({ error: CARD_MESSAGES.month })
    .int(CARD_MESSAGES.month)
    .min(1, CARD_MESSAGES.month)
    .max(12, CARD_MESSAGES.month),
);
const year = lazySchema(() =>
  z.coerce
    .number({ error: CARD_MESSAGES.year })
    .int(CARD_MESSAGES.year)
    .min(0, CARD_MESSAGES.year)
    .max(2100, CARD_MESSAGES.year),
);

/** A new card: full number in, never stored or echoed (only brand, last four and expiry are kept). */
export const CardInput = lazySchema(() =>
  z
    .object({
      number: z
        .string({ error: CARD_MESSAGES.number })
        .max(40, CARD_MESSAGES.number)
        .refine(luhnValid, CARD_MESSAGES.number)
        .refine((n) => cardBrand(n) !== null, CARD_MESSAGES.brand)
        .transform(digitsOf),
      exp_month: month,
      exp_year: year,
      cvc: z.string({ error: CARD_MESSAGES.cvc }).regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
      name: z
        .string({ error: CARD_MESSAGES.name })
        .trim()
        .min(1, CARD_MESSAGES.name)
        .max(100)
        .refine((v) => !/[0-9]/.test(v), VALIDATION.name),
    })
    .superRefine((card, ctx) => {
      const expired = cardExpiry(card.exp_month, card.exp_year);
      if (expired) ctx.addIssue({ code: 'custom', message: expired, path: ['exp_year'] });
    }),
);
export type CardInput = z.input<typeof CardInput>;

const id = lazySchema(() => z.string().min(1).max(64));

export const CHOOSE_CARD_MESSAGE = 'Choose a saved card or enter a new one';
export const CARD_ON_PROVIDER_PAGE_MESSAGE =
  'Card details are entered on the payment page, not here. Pay without a card to be sent there.';

/**
 * POST /v1/payment. The payment info is a new `card` or a saved `card_id`; with a hosted-checkout
 * provider (Stripe) it is a saved `card_id` or nothing (the fan pays on the provider's page).
 * `package_id` names the credits charged to the card; without it the card buys exactly `amount`
 * credits. `type`, `model_id`, `amount`, `chat_id`, `message_id`, `feed_id` say what the credits are
 * for: they come back in the 3-D Secure return so the client can finish it.
 */
export const PaymentRequest = lazySchema(() =>
  z
    .object({
      card: CardInput.optional(),
      card_id: id.optional(),
      save_card: z.boolean().default(false),
      package_id: id.optional(),
      type: PaymentType.optional(),
      model_id: id.optional(),
      amount: z.number().int().min(1).max(PAYMENT_MAX_CREDITS).optional(),
      chat_id: id.optional(),
      message_id: id.optional(),
      feed_id: id.optional(),
      idempotency_key: z.string().min(8).max(100),
      success_url: z.string().max(2000).optional(),
      fail_url: z.string().max(2000).optional(),
      browser_info: z.record(z.string(), z.unknown()).optional(),
    })
    .refine((b) => (b.card ? 1 : 0) + (b.card_id ? 1 : 0) <= 1, {
      message: CHOOSE_CARD_MESSAGE,
      path: ['card'],
    })
    .refine((b) => b.package_id !== undefined || b.amount !== undefined, {
      message: 'Choose a credit package',
      path: ['package_id'],
    }),
);
export type PaymentRequest = z.input<typeof PaymentRequest>;
export type PaymentData = z.output<typeof PaymentRequest>;

/** A truthy `result` is success; `three_ds` sends the browser to `redirect_url`. */
export const PaymentResponse = lazySchema(() =>
  z.object({
    result: z.boolean(),
    three_ds: z.boolean(),
    redirect_url: z.string().nullable(),
    credits: z.number().int(),
    payment_id: z.string(),
    message: z.string().nullable(),
  }),
);
export type PaymentResponse = z.infer<typeof PaymentResponse>;

/** The /3ds-callback query, plus the payment it returns from. */
export const ThreeDsCallbackQuery = lazySchema(() =>
  z.object({
    '3ds': z.enum(['success', 'error']),
    paymentType: PaymentType.optional(),
    modelId: z.string().optional(),
    amount: z.coerce.number().int().optional(),
    chatId: z.string().optional(),
    messageId: z.string().optional(),
    feedId: z.string().optional(),
    paymentId: z.string().optional(),
  }),
);
export type ThreeDsCallbackQuery = z.infer<typeof ThreeDsCallbackQuery>;

/** A simulated crypto top-up: the chain "confirms" at once and `credits_top_up` follows. */
export const CryptoTopUpRequest = lazySchema(() =>
  z.object({
    package_id: id,
    currency: z.enum(CRYPTO_CURRENCIES).default('USDT'),
    idempotency_key: z.string().min(8).max(100),
  }),
);
/** The same data as the `credits_top_up` event, so the client applies both alike. */
export const CryptoTopUpResponse = lazySchema(() =>
  z.object({
    transaction_id: z.string(),
    credits: z.number().int(),
    paid_amount: z.number(),
    paid_currency: z.string(),
    fee: z.number(),
  }),
);

/** A saved card: never the full number. */
export const SavedCard = lazySchema(() =>
  z.object({
    id: z.string(),
    brand: CardBrand,
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    name: z.string(),
    expired: z.boolean(),
    created_at: z.string(),
  }),
);
export type SavedCard = z.infer<typeof SavedCard>;
export const SavedCardList = lazySchema(() => z.object({ data: z.array(SavedCard) }));
export type SavedCardList = z.infer<typeof SavedCardList>;
export const DeleteCardQuery = lazySchema(() => z.object({ id: z.string().min(1).max(64) }));
export const CARD_IN_USE_MESSAGE =
  'This card pays for an active subscription. Cancel the subscription first.';

/** GET /v1/payment/{id}: one of my payments, answered as POST /v1/payment answers. */
export const PaymentIdParams = lazySchema(() => z.object({ id: z.string().min(1).max(64) }));

/**
 * POST /v1/admin/payments/{id}/refund: refunds a card payment in full. The sandbox takes the credits
 * back at once (`refunded`); a real provider refunds and its webhook takes them back
 * (`refund_requested`).
 */
export const RefundResponse = lazySchema(() =>
  z.object({
    payment_id: z.string(),
    status: z.enum(['refunded', 'refund_requested']),
  }),
);
export type RefundResponse = z.infer<typeof RefundResponse>;
export const PAYMENT_NOT_REFUNDABLE = 'Only a successful card payment not refunded yet can be refunded.';

/** POST /v1/payment/webhook/{provider}: the provider's signed event (raw body). */
export const PaymentWebhookParams = lazySchema(() => z.object({ provider: z.string().min(1).max(32) }));
export const PaymentWebhookResponse = lazySchema(() => z.object({ received: z.literal(true) }));
export const WEBHOOK_SIGNATURE_MESSAGE = 'The webhook signature is not valid.';

/** The sandbox provider's 3-D Secure page: /v1/payment/3ds/{payment id}?token= */
export const ThreeDsQuery = lazySchema(() => z.object({ token: z.string().max(200).default('') }));
/** The page's answer: the fan completed or failed the challenge. */
export const ThreeDsAnswerQuery = lazySchema(() =>
  ThreeDsQuery.extend({
    outcome: z.enum(['success', 'error']).default('error'),
  }),
);

/** POST /v1/tips. */
export const TipRequest = lazySchema(() =>
  z.object({
    recipient_id: id,
    chat_id: id.optional(),
    amount: z
      .number({ error: 'Choose a tip amount' })
      .int('Tips are whole credits')
      .min(1, 'Choose a tip amount')
      .max(TIP_MAX, `Tips cannot exceed ${TIP_MAX} credits`),
    text: z.string().trim().max(500, 'Tip notes cannot exceed 500 characters').nullable().optional(),
    idempotency_key: z.string().min(8).max(100).optional(),
  }),
);
export type TipRequest = z.input<typeof TipRequest>;
export const TipResponse = lazySchema(() => z.object({ message: Message, credits: z.number().int() }));
export type TipResponse = z.infer<typeof TipResponse>;
export const TIPS_DISABLED_MESSAGE = 'Tips are not available for this account.';
export const TIP_CREATORS_ONLY_MESSAGE = 'Only creators can receive tips.';

/** A subscription: status and the creator subscribed to. */
export const Subscription = lazySchema(() =>
  z.object({
    _id: z.string(),
    status: SubscriptionStatus,
    user: z.object({ _id: z.string(), username: z.string(), avatar_url: z.string().nullable() }),
    price: z.number().int(),
    price_in_dollars: z.string(),
    card_id: z.string().nullable(),
    started_at: z.string(),
    renews_at: z.string().nullable(),
    ends_at: z.string(),
    canceled_at: z.string().nullable(),
  }),
);
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionList = lazySchema(() =>
  z.object({
    data: z.array(Subscription),
    next: z.string().nullable(),
    total: z.number().int(),
  }),
);
export type SubscriptionList = z.infer<typeof SubscriptionList>;
export const SubscriptionsQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const SubscribeRequest = lazySchema(() =>
  z.object({
    model_id: id,
    /** A saved card that tops the balance up when it runs short at renewal. */
    card_id: id.optional(),
    idempotency_key: z.string().min(8).max(100).optional(),
    /**
     * The price the fan was shown. When the creator's price is another one now, nothing is charged
     * and the answer is 409 `price_changed` with the price of the day.
     */
    expected_price: z.number().int().positive().optional(),
  }),
);
export type SubscribeRequest = z.input<typeof SubscribeRequest>;
export const SubscribeResponse = lazySchema(() =>
  z.object({ subscription: Subscription, credits: z.number().int() }),
);
export const CancelSubscriptionsQuery = lazySchema(() =>
  z.object({
    ids: commaIds(z.string().max(64), { max: 100, maxLength: 4000, empty: 'Choose subscriptions to cancel' }),
  }),
);
export const SUBSCRIBE_CREATORS_ONLY_MESSAGE = 'Only creators can be subscribed to.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You are already subscribed to this creator.';
export const subscriptionPriceChangedMessage = (price: number) =>
  `The subscription price is now ${price} credits. Please check it and subscribe again.`;
export const SUBSCRIPTION_PRICE_CREATORS_ONLY_MESSAGE = 'Only creators can set a subscription price.';
export const SUBSCRIPTION_PRICE_RANGE_MESSAGE = `The subscription price must be a whole number of credits from ${SUBSCRIPTION_PRICE_MIN} to ${groupDigits(SUBSCRIPTION_PRICE_MAX)}.`;

/** A creator's subscription price as typed: `undefined` when valid, else the message to show. */
export function subscriptionPriceError(value: number): string | undefined {
  return Number.isInteger(value) && value >= SUBSCRIPTION_PRICE_MIN && value <= SUBSCRIPTION_PRICE_MAX
    ? undefined
    : SUBSCRIPTION_PRICE_RANGE_MESSAGE;
}

export * from './rules/cards';
export const CancelSubscriptionsResponse = lazySchema(() =>
  z.object({
    data: z.array(Subscription),
    canceled: z.number().int(),
  }),
);
