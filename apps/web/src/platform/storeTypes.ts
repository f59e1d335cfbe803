import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's types for the modules the store itself is built from (slices, thunks, selectors,
 * effects, hooks). app/store.ts fills this interface in by declaration merging with types inferred
 * from its reducers, so no state shape is written by hand, and nothing below the app imports the
 * store (every slice would otherwise sit in an import circle with it).
 */
// biome-ignore lint/suspicious/noEmptyInterface: app/store.ts declares the members.
export interface StoreTypes {}

export type RootState = StoreTypes extends { state: infer S } ? S : never;
export type AppDispatch = StoreTypes extends { dispatch: infer D } ? D : never;

/** A plain thunk (no request of its own to track), dispatched through the store. */
export type AppThunk<Returned = void> = ThunkAction<Returned, RootState, unknown, UnknownAction>;

/** The dispatch a plain thunk receives. */
export type AppThunkDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
