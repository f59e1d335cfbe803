import { endpoint } from '../endpoint';
import { IdParams } from '../ids';
import {
  CancelSubscriptionsQuery,
  CancelSubscriptionsResponse,
  CreditPackageList,
  CryptoTopUpRequest,
  CryptoTopUpResponse,
  DeleteCardQuery,
  PaymentIdParams,
  PaymentRequest,
  PaymentResponse,
  PaymentWebhookParams,
  PaymentWebhookResponse,
  RefundResponse,
  SavedCardList,
  SubscribeRequest,
  SubscribeResponse,
  SubscriptionList,
  SubscriptionsQuery,
  ThreeDsAnswerQuery,
  ThreeDsQuery,
  TipRequest,
  TipResponse,
} from '../payments';

/** Credit packages, card and crypto payments, 3-D Secure, saved cards, tips and subscriptions. */
export const paymentEndpoints = {
  // payments: packages, card and crypto payments, 3-D Secure, saved cards
  creditPackages: endpoint({
    method: 'GET',
    path: '/v1/credit-packages',
    access: 'public',
    response: CreditPackageList,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/v1/payment',
    access: 'user',
    body: PaymentRequest,
    response: PaymentResponse,
    errors: [404, 409, 422],
  }),
  /** One of my payments: the /3ds-callback screen waits here for the provider's webhook to credit it. */
  paymentStatus: endpoint({
    method: 'GET',
    path: '/v1/payment/:id',
    access: 'user',
    params: PaymentIdParams,
    response: PaymentResponse,
  }),
  /**
   * The payment provider's webhook (Stripe: checkout.session.completed, payment_intent.*,
   * charge.refunded, charge.dispute.created). Its signature covers the exact bytes, so the body is
   * read raw; it is the only thing that credits a hosted checkout. 404 for a provider not configured.
   */
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/v1/payment/webhook/:provider',
    access: 'public',
    transport: 'raw',
    params: PaymentWebhookParams,
    response: PaymentWebhookResponse,
  }),
  /** Admins: refund a card payment in full (docs/payments.md "Refunds and chargebacks"). */
  refundPayment: endpoint({
    method: 'POST',
    path: '/v1/admin/payments/:id/refund',
    access: 'admin',
    params: PaymentIdParams,
    response: RefundResponse,
    errors: [409],
  }),
  cryptoTopUp: endpoint({
    method: 'POST',
    path: '/v1/payment/crypto',
    access: 'user',
    body: CryptoTopUpRequest,
    response: CryptoTopUpResponse,
    errors: [404, 409, 422],
  }),
  /**
   * The sandbox provider's 3-D Secure page (HTML) and its form's answer (a redirect to the web
   * app's /3ds-callback). The browser arrives by link, so the token in the query is the access.
   */
  threeDsPage: endpoint({
    method: 'GET',
    path: '/v1/payment/3ds/:id',
    access: 'public',
    transport: 'file',
    params: IdParams,
    query: ThreeDsQuery,
  }),
  threeDsAnswer: endpoint({
    method: 'POST',
    path: '/v1/payment/3ds/:id',
    access: 'public',
    transport: 'file',
    params: IdParams,
    query: ThreeDsAnswerQuery,
  }),
  listCards: endpoint({ method: 'GET', path: '/v1/cc', access: 'user', response: SavedCardList }),
  deleteCard: endpoint({
    method: 'DELETE',
    path: '/v1/cc',
    access: 'user',
    query: DeleteCardQuery,
    response: SavedCardList,
    errors: [409],
  }),

  // tips and subscriptions
  sendTip: endpoint({
    method: 'POST',
    path: '/v1/tips',
    access: 'user',
    body: TipRequest,
    response: TipResponse,
    errors: [402, 404, 409, 422, 451],
  }),

  listSubscriptions: endpoint({
    method: 'GET',
    path: '/v1/subscriptions',
    access: 'user',
    query: SubscriptionsQuery,
    response: SubscriptionList,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/v1/subscriptions',
    access: 'user',
    body: SubscribeRequest,
    response: SubscribeResponse,
    errors: [402, 404, 409, 422, 451],
  }),
  cancelSubscriptions: endpoint({
    method: 'DELETE',
    path: '/v1/subscriptions',
    access: 'user',
    query: CancelSubscriptionsQuery,
    response: CancelSubscriptionsResponse,
  }),
} as const;
