import type { FetchStatus, SavedReply } from '@parlor/contract';
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../../platform/api';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { logout } from '../auth/authThunks';
import { createSavedReply, deleteSavedReply, loadSavedReplies, updateSavedReply } from './savedRepliesThunks';

/** A creator's saved replies: the settings screen edits them, a conversation's `/` offers them. */
export interface SavedRepliesState {
  items: SavedReply[];
  status: FetchStatus;
  error: ApiErrorInfo | null;
}

const initialState = (): SavedRepliesState => ({ items: [], status: 'None', error: null });

export const savedRepliesSlice = createSlice({
  name: 'savedReplies',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadSavedReplies.pending, (s) => {
        s.status = 'Fetching';
        s.error = null;
      })
      .addCase(loadSavedReplies.fulfilled, (s, action) => {
        s.items = action.payload.data;
        s.status = 'Fetched';
      })
      .addCase(loadSavedReplies.rejected, (s, action) => {
        s.status = 'Error';
        s.error = action.payload ?? toErrorInfo(action.error);
      })
      .addCase(createSavedReply.fulfilled, (s, action) => {
        s.items.push(action.payload);
      })
      .addCase(updateSavedReply.fulfilled, (s, action) => {
        const at = s.items.findIndex((r) => r._id === action.payload._id);
        if (at >= 0) s.items[at] = action.payload;
      })
      .addCase(deleteSavedReply.fulfilled, (s, action) => {
        s.items = s.items.filter((r) => r._id !== action.payload);
      })
      .addCase(logout.fulfilled, () => initialState());
  },
});

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof savedRepliesSlice> {}
}
/** Added to the store when a conversation's or the settings screen's code loads (platform/rootReducer.ts). */
const injected = savedRepliesSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectSavedReplies = (s: RootState) => injected.selectSlice(s);
