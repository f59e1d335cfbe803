import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from './storeTypes';

/** Connected or disconnected, as the socket module reports it (null before the first report). */
export interface ConnectionState {
  connected: boolean | null;
}

export const connectionSlice = createSlice({
  name: 'connection',
  initialState: { connected: null } as ConnectionState,
  reducers: {
    connectionChanged(state, action: PayloadAction<boolean>) {
      state.connected = action.payload;
    },
  },
});

export const { connectionChanged } = connectionSlice.actions;
export const selectConnected = (s: RootState) => s.connection.connected;
