import { User } from '@parlor/contract';
import { api } from '../../app/api';
import { createApiThunk } from '../../app/requests';
import { userUpdated } from '../auth/authSlice';

/** DELETE /v1/users/warning: the reported warning has been read. */
export const dismissReportedWarning = createApiThunk<User>(
  'account/dismissReportedWarning',
  async (_arg, { dispatch }) => {
    const user = await api.delete('/v1/users/warning', { schema: User });
    dispatch(userUpdated(user));
    return user;
  },
);
