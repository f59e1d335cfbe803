import { endpoints, type User } from '@parlor/contract';
import { call } from '../../app/api';
import { createApiThunk } from '../../app/requests';
import { userUpdated } from '../auth/authSlice';

/** DELETE /v1/users/warning: the reported warning has been read. */
export const dismissReportedWarning = createApiThunk<User>(
  'account/dismissReportedWarning',
  async (_arg, { dispatch }) => {
    const user = await call(endpoints.dismissWarning);
    dispatch(userUpdated(user));
    return user;
  },
);
