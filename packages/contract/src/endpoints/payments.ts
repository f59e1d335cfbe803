import { endpoint } from '../endpoint';
import { IdParams } from '../ids';
import {
  CancelSubscriptionsQuery,
  CancelSubscriptionsResponse,
  CreditPackageList,
  CryptoTopUpRequest,
  CryptoTopUpResponse,
  DeleteCardQuery,
  PaymentRequest,
  PaymentResponse,
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
  }),
  cryptoTopUp: endpoint({
    method: 'POST',
    path: '/v1/payment/crypto',
    access: 'user',
    body: CryptoTopUpRequest,
    response: CryptoTopUpResponse,
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
  }),

  // tips and subscriptions
  sendTip: endpoint({
    method: 'POST',
    path: '/v1/tips',
    access: 'user',
    body: TipRequest,
    response: TipResponse,
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
  }),
  cancelSubscriptions: endpoint({
    method: 'DELETE',
    path: '/v1/subscriptions',
    access: 'user',
    query: CancelSubscriptionsQuery,
    response: CancelSubscriptionsResponse,
  }),
} as const;
