import type { FanList, FetchStatus } from '@parlor/contract';
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../../platform/api';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { logout } from '../auth/authThunks';
import {
  addListMembers,
  createList,
  deleteList,
  loadLists,
  removeListMembers,
  updateList,
} from './listsThunks';

/** A creator's fan lists, as the inbox's tabs, the Lists screen and broadcasts' audiences show them. */
export interface ListsState {
  /** Oldest first, as the server lists them. */
  items: FanList[];
  status: FetchStatus;
  error: ApiErrorInfo | null;
}

const initialListsState = (): ListsState => ({ items: [], status: 'None', error: null });

export const listsSlice = createSlice({
  name: 'lists',
  initialState: initialListsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadLists.pending, (s) => {
        s.status = 'Fetching';
        s.error = null;
      })
      .addCase(loadLists.fulfilled, (s, action) => {
        s.items = action.payload.data;
        s.status = 'Fetched';
      })
      .addCase(loadLists.rejected, (s, action) => {
        s.status = 'Error';
        s.error = action.payload ?? toErrorInfo(action.error);
      })
      .addCase(createList.fulfilled, (s, action) => {
        s.items.push(action.payload);
      })
      .addCase(updateList.fulfilled, (s, action) => {
        const at = s.items.findIndex((l) => l._id === action.payload._id);
        if (at >= 0) s.items[at] = action.payload;
      })
      .addCase(deleteList.fulfilled, (s, action) => {
        s.items = s.items.filter((l) => l._id !== action.payload);
      })
      .addCase(addListMembers.fulfilled, (s, action) => {
        const list = s.items.find((l) => l._id === action.meta.arg.id);
        if (list) list.count = action.payload.count;
      })
      .addCase(removeListMembers.fulfilled, (s, action) => {
        const list = s.items.find((l) => l._id === action.meta.arg.id);
        if (list) list.count = action.payload.count;
      })
      .addCase(logout.fulfilled, () => initialListsState());
  },
});

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof listsSlice> {}
}
/** Added to the store when the inbox's code loads (platform/rootReducer.ts). */
const injected = listsSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectLists = (s: RootState) => injected.selectSlice(s);
export const selectFanLists = (s: RootState) => selectLists(s).items;
export const selectFanList = (s: RootState, id: string | null | undefined) =>
  id ? selectLists(s).items.find((l) => l._id === id) : undefined;
/** The lists fans are added to by hand (a smart list's members follow its rule). */
export const selectCustomLists = (s: RootState) => selectLists(s).items.filter((l) => l.kind === 'custom');
