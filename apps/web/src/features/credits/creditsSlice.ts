import type { CreditPackage } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { paymentsApi } from '../payments/paymentsApi';

export interface CreditsState {
  packages: CreditPackage[];
}

export const loadPackages = createApiThunk(
  'credits/loadPackages',
  async () => (await paymentsApi.packages()).data,
);

export const creditsSlice = createSlice({
  name: 'credits',
  initialState: { packages: [] } as CreditsState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadPackages.fulfilled, (state, action) => {
      state.packages = action.payload;
    });
  },
});

export const selectPackages = (state: RootState) => state.credits.packages;
