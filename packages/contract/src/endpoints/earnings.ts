import { AccountStats, AccountStatsQuery, AccountTotals, AccountTotalsQuery } from '../earnings';
import { endpoint } from '../endpoint';

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
} as const;
