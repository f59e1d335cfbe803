import { createApiThunk } from '../../platform/requests';
import { creditsChanged } from '../auth/authSlice';
import { paymentsApi } from './paymentsApi';

/** POST /v1/tips; the answer's balance updates the header at once (total_credits follows for other tabs). */
export const sendTip = createApiThunk(
  'payments/sendTip',
  async (body: Parameters<typeof paymentsApi.tip>[0], { dispatch }) => {
    const res = await paymentsApi.tip(body);
    dispatch(creditsChanged(res.credits));
    return res;
  },
);
