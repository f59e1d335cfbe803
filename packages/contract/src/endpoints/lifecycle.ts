import { endpoint } from '../endpoint';
import {
  BlockedCountries,
  BlockedCountriesRequest,
  BoostRequest,
  BoostResponse,
  IntroSeenRequest,
  IntrosResponse,
  PlatformNoticeParams,
  PlatformNoticeResponse,
  SetPlatformNoticeRequest,
} from '../lifecycle';

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
    errors: [402, 409],
  }),
  /** The area intro popups the caller has closed (docs/banners-and-popups.md). */
  intros: endpoint({ method: 'GET', path: '/v1/users/intros', access: 'user', response: IntrosResponse }),
  markIntroSeen: endpoint({
    method: 'POST',
    path: '/v1/users/intros',
    access: 'user',
    body: IntroSeenRequest,
    response: IntrosResponse,
  }),
  /** The global warning, unless the caller closed it. */
  platformNotice: endpoint({
    method: 'GET',
    path: '/v1/notice',
    access: 'user',
    response: PlatformNoticeResponse,
  }),
  dismissPlatformNotice: endpoint({
    method: 'POST',
    path: '/v1/notice/:id/dismiss',
    access: 'user',
    params: PlatformNoticeParams,
    status: 204,
  }),
  adminPlatformNotice: endpoint({
    method: 'GET',
    path: '/v1/admin/notice',
    access: 'admin',
    response: PlatformNoticeResponse,
  }),
  /** Sets (message) or clears (none) the global warning; audited, and sent live to everyone online. */
  setPlatformNotice: endpoint({
    method: 'PUT',
    path: '/v1/admin/notice',
    access: 'admin',
    body: SetPlatformNoticeRequest,
    response: PlatformNoticeResponse,
  }),
} as const;
