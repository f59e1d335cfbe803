import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';

describe('credit events', () => {
  it('total_credits sets the balance every tab shows', () => {
    const store = createStore();
    store.dispatch(userUpdated({ _id: 'u1', credits: 10 } as User));
    handleServerEvent(store, 'u1', 'total_credits', { credits: 42 });
    expect(store.getState().auth.user?.credits).toBe(42);
  });

  it('credits_top_up opens the crypto top-up success popup once', () => {
    const store = createStore();
    const data = { transaction_id: 't1', credits: 100, paid_amount: 0.001, paid_currency: 'BTC', fee: 0 };
    handleServerEvent(store, 'u1', 'credits_top_up', data);
    handleServerEvent(store, 'u1', 'credits_top_up', data);
    expect(store.getState().popups.stack).toEqual([
      {
        id: 'crypto-top-up-t1',
        kind: 'payments',
        props: { type: 'cryptoTopUpSuccess', credits: 100, paidAmount: 0.001, paidCurrency: 'BTC', fee: 0 },
      },
    ]);
  });
});
