import type { FetchStatus } from '@parlor/contract';
import {
  type AsyncThunk,
  createAsyncThunk,
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
} from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from './api';
import type { AppThunkDispatch, RootState } from './storeTypes';

/**
 * Every request is tracked as None, Fetching, Fetched or Error. Instead of a status field
 * per slice, this slice watches every async thunk's lifecycle and records it under the thunk's type
 * prefix, so a new call gets its status by being created with `createApiThunk`.
 */
export interface RequestState {
  status: FetchStatus;
  error: ApiErrorInfo | null;
}
export type RequestsState = Record<string, RequestState>;

const NONE: RequestState = { status: 'None', error: null };

/** `auth/signIn/pending` -> `auth/signIn`. */
const prefixOf = (type: string) => type.slice(0, type.lastIndexOf('/'));

export const requestsSlice = createSlice({
  name: 'requests',
  initialState: {} as RequestsState,
  reducers: {
    requestReset(state, action: { payload: string }) {
      delete state[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isPending, (state, action) => {
        state[prefixOf(action.type)] = { status: 'Fetching', error: null };
      })
      .addMatcher(isFulfilled, (state, action) => {
        state[prefixOf(action.type)] = { status: 'Fetched', error: null };
      })
      .addMatcher(isRejected, (state, action) => {
        // An aborted request is not a failure: it leaves no error behind.
        if (action.meta.aborted) {
          delete state[prefixOf(action.type)];
          return;
        }
        const error = (action.payload as ApiErrorInfo | undefined) ?? toErrorInfo(action.error);
        state[prefixOf(action.type)] = { status: 'Error', error };
      });
  },
});

export const { requestReset } = requestsSlice.actions;

export function selectRequest(state: RootState, thunk: { typePrefix: string }) {
  return state.requests[thunk.typePrefix] ?? NONE;
}

/** What a thunk's body gets: the store's own dispatch and state, and the request's abort signal. */
export interface ThunkTools {
  dispatch: AppThunkDispatch;
  getState: () => RootState;
  signal: AbortSignal;
}

/**
 * createAsyncThunk whose failures are the serializable ApiErrorInfo (status, code, message, field),
 * so reducers and screens read the server's message without touching Error instances.
 */
export function createApiThunk<Returned, Arg = void>(
  typePrefix: string,
  run: (arg: Arg, tools: ThunkTools) => Promise<Returned>,
  /** Skips the call (no actions at all) when it answers false, e.g. while one is in flight. */
  condition?: (arg: Arg, getState: () => RootState) => boolean,
): AsyncThunk<Returned, Arg, { state: RootState; rejectValue: ApiErrorInfo }> {
  return createAsyncThunk<Returned, Arg, { state: RootState; rejectValue: ApiErrorInfo }>(
    typePrefix,
    async (arg, thunkApi) => {
      try {
        const { dispatch, getState, signal } = thunkApi;
        return await run(arg, { dispatch, getState, signal });
      } catch (error) {
        if (thunkApi.signal.aborted) throw error;
        return thunkApi.rejectWithValue(toErrorInfo(error));
      }
    },
    condition ? { condition: (arg, api) => condition(arg, api.getState) } : undefined,
  );
}
