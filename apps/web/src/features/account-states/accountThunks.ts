import {
  BOOST_DURATION_HOURS,
  BOOST_PRICE_CREDITS,
  type BoostPayFrom,
  type BoostResponse,
  creditsToDollars,
  endpoints,
  plural,
  type User,
} from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';
import { showToast } from '../../ui/toasts';
import { boostStarted, creditsChanged, userUpdated } from '../auth/authSlice';
import { earningsChanged } from '../media/salesSlice';

/** DELETE /v1/users/warning: the reported warning has been read. */
export const dismissReportedWarning = createApiThunk<User>(
  'account/dismissReportedWarning',
  async (_arg, { dispatch }) => {
    const user = await call(endpoints.dismissWarning);
    dispatch(userUpdated(user));
    return user;
  },
);

/**
 * POST /v1/users/boost: the creator pays for a day first in Discover, from her credits or her
 * earnings; the user and both balances follow, and a toast says what was paid.
 */
export const boostProfile = createApiThunk<BoostResponse, BoostPayFrom>(
  'account/boostProfile',
  async (payFrom, { dispatch }) => {
    const answer = await call(endpoints.boostProfile, { body: { pay_from: payFrom } });
    dispatch(creditsChanged(answer.credits));
    dispatch(earningsChanged(answer.earnings));
    dispatch(boostStarted(answer.boost_until));
    showToast(
      `Boost active for ${BOOST_DURATION_HOURS} hours: ${plural(BOOST_PRICE_CREDITS, 'credit')} ($${creditsToDollars(BOOST_PRICE_CREDITS)}) paid from your ${payFrom}.`,
    );
    return answer;
  },
);
