import { combineSlices } from '@reduxjs/toolkit';
import { connectionSlice } from './connectionSlice';
import { requestsSlice } from './requests';

/**
 * The store's one reducer. The slices every page needs are added to it before the store is made
 * (app/store.ts); the slice of a screen no first screen shows adds itself when its code loads
 * (`slice.injectInto(rootReducer)`), so a page's start carries none of its code, and declares its
 * state by merging into `LazyLoadedSlices`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the lazily added slices declare the members.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  requestsSlice,
  connectionSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();
