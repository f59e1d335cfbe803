import { type BoostResponse, endpoints, type User } from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';
import { boostStarted, creditsChanged, userUpdated } from '../auth/authSlice';

/** DELETE /v1/users/warning: the reported warning has been read. */
export const dismissReportedWarning = createApiThunk<User>(
  'account/dismissReportedWarning',
  async (_arg, { dispatch }) => {
    const user = await call(endpoints.dismissWarning);
    dispatch(userUpdated(user));
    return user;
  },
);

/** POST /v1/users/boost: the creator pays for a day first in Discover; the user and credits follow. */
export const boostProfile = createApiThunk<BoostResponse>(
  'account/boostProfile',
  async (_arg, { dispatch }) => {
    const answer = await call(endpoints.boostProfile, { body: {} });
    dispatch(creditsChanged(answer.credits));
    dispatch(boostStarted(answer.boost_until));
    return answer;
  },
);
