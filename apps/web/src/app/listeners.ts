import { createListenerMiddleware } from '@reduxjs/toolkit';

/**
 * Reactions to plain actions that need a thunk: popups carry plain actions (never callbacks), so a
 * confirm button's action is turned into the call here. Features register their own listeners.
 */
export const listeners = createListenerMiddleware();
