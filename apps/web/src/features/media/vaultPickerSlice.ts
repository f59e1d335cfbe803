import type { VaultMedia } from '@parlor/contract';
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { emptyPagedList, firstPageArrived, nextPageArrived, type PagedList } from '../../platform/pagedList';
import { createApiThunk, requestReset } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { AppThunk, RootState } from '../../platform/storeTypes';
import { loadVaultPage } from './mediaThunks';

/** The vault as the picker shows it while open: its pages, for one fan's marks when in a chat. */
export type VaultPickerState = PagedList<VaultMedia>;

/** The first page; with `fanId` each item says whether that fan was sent it and bought it. */
export const loadPickerVault = createApiThunk('vaultPicker/load', (fanId: string | undefined, { signal }) =>
  loadVaultPage(null, signal, fanId),
);
export const loadMorePickerVault = createApiThunk('vaultPicker/loadMore', (next: string) =>
  loadVaultPage(next),
);

export const vaultPickerSlice = createSlice({
  name: 'vaultPicker',
  initialState: emptyPagedList<VaultMedia>() as VaultPickerState,
  reducers: {
    vaultPickerEmptied: () => emptyPagedList<VaultMedia>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadPickerVault.fulfilled, (state, action) => firstPageArrived(state, action.payload))
      .addCase(loadMorePickerVault.fulfilled, (state, action) => nextPageArrived(state, action.payload));
  },
});

/** A closed picker keeps nothing: the next one opened (perhaps for another fan) starts afresh. */
export const closeVaultPicker = (): AppThunk => (dispatch) => {
  dispatch(vaultPickerSlice.actions.vaultPickerEmptied());
  dispatch(requestReset(loadPickerVault.typePrefix));
  dispatch(requestReset(loadMorePickerVault.typePrefix));
};

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof vaultPickerSlice> {}
}
/** Added to the store when the picker's code loads (platform/rootReducer.ts). */
const injected = vaultPickerSlice.injectInto(rootReducer);

export const selectVaultPicker = (state: RootState) => injected.selectSlice(state);
