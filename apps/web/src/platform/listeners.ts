import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './storeTypes';

/**
 * Reactions to plain actions that need a thunk: popups carry plain actions (never callbacks), so a
 * confirm button's action is turned into the call here. Features register their own listeners.
 */
export const listeners = createListenerMiddleware();

/** `startListening` with the store's state and dispatch, for the features' registrations. */
export const startAppListening = listeners.startListening.withTypes<RootState, AppDispatch>();
export type AppStartListening = typeof startAppListening;
