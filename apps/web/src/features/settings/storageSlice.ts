import { endpoints, type MediaUsage } from '@parlor/contract';
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { call } from '../../platform/api';
import { createApiThunk, selectRequest } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';

/** How much of the account's storage its uploads take, as the server last said. */
export interface StorageState {
  usage: MediaUsage | null;
}

/** GET /v1/media/usage: asked for by every screen that shows the meter, and again after a delete. */
export const loadStorage = createApiThunk('storage/load', () => call(endpoints.mediaUsage));

export const storageSlice = createSlice({
  name: 'storage',
  initialState: { usage: null } as StorageState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadStorage.fulfilled, (state, action) => {
      state.usage = action.payload;
    });
  },
});

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof storageSlice> {}
}
/** Added to the store when a screen with the meter loads (platform/rootReducer.ts). */
const injected = storageSlice.injectInto(rootReducer);

export const selectStorageUsage = (state: RootState) => injected.selectSlice(state).usage;

/** Why the last ask for the usage failed, or null. */
export function selectStorageError(state: RootState): string | null {
  const request = selectRequest(state, loadStorage);
  return request.status === 'Error' ? (request.error?.message ?? 'Your storage could not be loaded.') : null;
}
