import { endpoints } from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';
import { profileConfigChanged } from '../auth/authSlice';

/**
 * The fan opened `creatorId`'s page or chat: the server records the first visit to her own
 * affiliate (and tells her other tabs); this tab takes the answer at once. Nobody else asks.
 */
export const visitAffiliate = createApiThunk(
  'welcome/visitAffiliate',
  async (creatorId: string, { dispatch, signal }) => {
    const config = await call(endpoints.affiliateVisit, { body: { user_id: creatorId } }, { signal });
    dispatch(profileConfigChanged(config));
    return config;
  },
  (creatorId, getState) => {
    const user = getState().auth.user;
    return (
      !!user && user.affiliate === creatorId && !user.profile_complete_config.is_affiliate_profile_visited
    );
  },
);
