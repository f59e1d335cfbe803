import { endpoints, plural, type VaultMedia } from '@parlor/contract';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { call } from '../../platform/api';
import { emptyPagedList, firstPageArrived, nextPageArrived, type PagedList } from '../../platform/pagedList';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { loadVaultPage } from '../media/mediaThunks';
import { keepShown, shiftNext, toggleAll, toggleId } from '../media/selection';

/** The creator's vault screen: what is loaded, what is picked, and what the last delete did. */
export interface VaultState extends PagedList<VaultMedia> {
  selected: string[];
  /** The confirmation dialog is open. */
  confirming: boolean;
  /** "2 deleted from your vault.": said once a delete is done. */
  notice: string | null;
}

export const initialVaultState: VaultState = {
  ...emptyPagedList<VaultMedia>(),
  selected: [],
  confirming: false,
  notice: null,
};

/** GET /v1/media, 20 at a time: the first page with no link, the following ones with `next`. */
export const loadVault = createApiThunk('vault/load', () => loadVaultPage(null));
export const loadMoreVault = createApiThunk('vault/loadMore', (next: string) => loadVaultPage(next));

/** DELETE /v1/media?ids=: the picked media leave the vault. */
export const deleteVaultMedia = createApiThunk('vault/delete', (ids: string[]) =>
  call(endpoints.deleteFromVault, { query: { ids: ids.join(',') } }),
);

/** "2 photos", "1 video", "3 items" for a mix. */
export function describeMedia(items: Pick<VaultMedia, 'type'>[]): string {
  const videos = items.filter((m) => m.type === 'video').length;
  if (videos === 0) return plural(items.length, 'photo');
  if (videos === items.length) return plural(items.length, 'video');
  return plural(items.length, 'item');
}

export const vaultSlice = createSlice({
  name: 'vault',
  initialState: initialVaultState,
  reducers: {
    vaultItemToggled(state, action: PayloadAction<string>) {
      state.selected = toggleId(state.selected, action.payload);
      state.notice = null;
    },
    allVaultToggled(state) {
      state.selected = toggleAll(
        state.selected,
        state.items.map((m) => m._id),
      );
      state.notice = null;
    },
    vaultSelectionCleared(state) {
      state.selected = [];
    },
    /** Asking to delete opens the confirmation, only with something picked. */
    deleteAsked(state) {
      state.confirming = state.selected.length > 0;
    },
    deleteDismissed(state) {
      state.confirming = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadVault.pending, (state) => {
        state.notice = null;
      })
      .addCase(loadVault.fulfilled, (state, action) => {
        firstPageArrived(state, action.payload);
        state.selected = keepShown(
          state.selected,
          state.items.map((m) => m._id),
        );
      })
      .addCase(loadMoreVault.fulfilled, (state, action) => nextPageArrived(state, action.payload))
      .addCase(deleteVaultMedia.fulfilled, (state, action) => {
        const gone = new Set(action.meta.arg);
        const before = state.items.length;
        state.items = state.items.filter((m) => !gone.has(m._id));
        state.next = shiftNext(state.next, state.items.length - before);
        state.selected = [];
        state.confirming = false;
        state.notice = `${plural(action.payload.deleted, 'item')} deleted from your vault.`;
      })
      .addCase(deleteVaultMedia.rejected, (state) => {
        state.confirming = false;
      });
  },
});

export const { vaultItemToggled, allVaultToggled, vaultSelectionCleared, deleteAsked, deleteDismissed } =
  vaultSlice.actions;
declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof vaultSlice> {}
}
/** Added to the store when this screen's code loads (platform/rootReducer.ts). */
const injected = vaultSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectVault = (state: RootState) => injected.selectSlice(state);
