import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';

// The one registry of uploads in flight, whatever started them: the upload-in-progress guard counts
// them (uploadsInFlight) and its Leave stops them all (abortUploadsInFlight). Each feature runs its
// upload through trackUpload with its own way to stop it, and keeps handling the stop as it already
// does (its abort is never a failure).

/** What an upload is for; only for reading the state, every kind is guarded alike. */
export type UploadKind = 'chat' | 'broadcast' | 'autoMessage' | 'feed' | 'avatar' | 'idDocument';

export interface UploadsState {
  /** The uploads running now, by an id of the registry's own. */
  inFlight: Record<string, UploadKind>;
}

export const initialUploadsState: UploadsState = { inFlight: {} };

export const uploadsSlice = createSlice({
  name: 'uploads',
  initialState: initialUploadsState,
  reducers: {
    uploadStarted(state, action: PayloadAction<{ id: string; kind: UploadKind }>) {
      state.inFlight[action.payload.id] = action.payload.kind;
    },
    uploadEnded(state, action: PayloadAction<string>) {
      delete state.inFlight[action.payload];
    },
  },
});

export const { uploadStarted, uploadEnded } = uploadsSlice.actions;

/** How each running upload is stopped (functions stay out of the store), by registry id. */
const stops = new Map<string, () => void>();
let nextId = 0;

/** How many uploads are in flight, over every feature. */
export const uploadsInFlight = (state: RootState) => Object.keys(state.uploads.inFlight).length;

/**
 * Runs one upload (preparing the file counts: it is the upload's first step) as in flight until
 * it settles, whichever way. `stop` is the feature's own cancel, which leaves nothing half-made:
 * what the upload was for is not posted or saved, and its progress goes.
 */
export const trackUpload =
  <T>(kind: UploadKind, stop: () => void, run: () => Promise<T>) =>
  async (dispatch: AppThunkDispatch): Promise<T> => {
    nextId += 1;
    const id = `upload-${nextId}`;
    stops.set(id, stop);
    dispatch(uploadStarted({ id, kind }));
    try {
      return await run();
    } finally {
      stops.delete(id);
      dispatch(uploadEnded(id));
    }
  };

/** "Leave" of the upload-in-progress popup: every upload in flight stops, silently. */
export const abortUploadsInFlight = () => (dispatch: AppThunkDispatch, getState: () => RootState) => {
  for (const id of Object.keys(getState().uploads.inFlight)) {
    const stop = stops.get(id);
    stops.delete(id);
    // Out of the count at once; the upload's own settling follows a moment later.
    dispatch(uploadEnded(id));
    stop?.();
  }
};
