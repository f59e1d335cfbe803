import {
  AccountInfo,
  AccountStats,
  AccountStatsQuery,
  AccountTotals,
  AccountTotalsQuery,
  AdminAmlAction,
  AdminPayout,
  AdminPayoutAction,
  AdminPayoutsPage,
  AdminPayoutsQuery,
  AmlRequest,
  AmlResponse,
  Payout,
  PayoutRequest,
  PayoutsPage,
  PayoutsQuery,
} from '../earnings';
import { endpoint } from '../endpoint';
import { IdParams } from '../ids';

/** A creator's earnings (DESIGN §8.5). */
export const earningsEndpoints = {
  accountTotals: endpoint({
    method: 'GET',
    path: '/v1/account/totals',
    access: 'user',
    query: AccountTotalsQuery,
    response: AccountTotals,
  }),
  accountStats: endpoint({
    method: 'GET',
    path: '/v1/account/stats',
    access: 'user',
    query: AccountStatsQuery,
    response: AccountStats,
  }),
  accountInfo: endpoint({ method: 'GET', path: '/v1/account/info', access: 'user', response: AccountInfo }),
  listPayouts: endpoint({
    method: 'GET',
    path: '/v1/account/payouts',
    access: 'user',
    query: PayoutsQuery,
    response: PayoutsPage,
  }),
  requestPayout: endpoint({
    method: 'POST',
    path: '/v2/account/payout',
    access: 'user',
    body: PayoutRequest,
    response: Payout,
  }),
  submitAml: endpoint({
    method: 'POST',
    path: '/v1/account/anti-money-laundering',
    access: 'user',
    body: AmlRequest,
    response: AmlResponse,
  }),
  adminPayouts: endpoint({
    method: 'GET',
    path: '/v1/admin/payouts',
    access: 'admin',
    query: AdminPayoutsQuery,
    response: AdminPayoutsPage,
  }),
  adminPayoutAction: endpoint({
    method: 'PATCH',
    path: '/v1/admin/payouts/:id',
    access: 'admin',
    params: IdParams,
    body: AdminPayoutAction,
    response: AdminPayout,
  }),
  adminAmlAction: endpoint({
    method: 'PATCH',
    path: '/v1/admin/aml/:id',
    access: 'admin',
    params: IdParams,
    body: AdminAmlAction,
    response: AmlResponse,
  }),
} as const;
