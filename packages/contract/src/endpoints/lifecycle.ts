import { endpoint } from '../endpoint';
import { BlockedCountries, BlockedCountriesRequest, BoostRequest, BoostResponse } from '../lifecycle';

/** The account lifecycle a creator drives herself (docs/account-lifecycle.md). */
export const lifecycleEndpoints = {
  blockedCountries: endpoint({
    method: 'GET',
    path: '/v1/users/blocked-countries',
    access: 'user',
    response: BlockedCountries,
  }),
  setBlockedCountries: endpoint({
    method: 'PUT',
    path: '/v1/users/blocked-countries',
    access: 'user',
    body: BlockedCountriesRequest,
    response: BlockedCountries,
  }),
  boostProfile: endpoint({
    method: 'POST',
    path: '/v1/users/boost',
    access: 'user',
    body: BoostRequest,
    response: BoostResponse,
  }),
} as const;
