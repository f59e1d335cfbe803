import {
  type AutoMessageCategory,
  type AutoMessageCategoryEntry,
  type AutoMessageLogPage,
  endpoints,
  type MessageMedia,
  type PutAutoMessagesRequest,
} from '@parlor/contract';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { call, follow } from '../../platform/api';
import { FIRST_PAGE_QUERY } from '../../platform/pagedList';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { trackUpload } from '../media/uploadsSlice';
import {
  buildPutRequest,
  type DraftMessage,
  draftFromServer,
  draftProblem,
  isDirty,
  moveItem,
  uploadTypeFor,
} from './autoMessagesModel';

type LogEntry = AutoMessageLogPage['data'][number];

/** What the last save of a category came to, for the editor's feedback line. */
export type SaveOutcome =
  | { category: AutoMessageCategory; kind: 'saving'; step: 'uploading' | 'saving' }
  | { category: AutoMessageCategory; kind: 'saved' }
  | { category: AutoMessageCategory; kind: 'failed'; message: string }
  | { category: AutoMessageCategory; kind: 'aborted' };

export interface AutoMessagesState {
  /** The server's categories, in the server's order; null until loaded. */
  entries: AutoMessageCategoryEntry[] | null;
  /** Edits not saved yet, by category. */
  drafts: Partial<Record<AutoMessageCategory, DraftMessage[]>>;
  save: SaveOutcome | null;
  log: { items: LogEntry[]; next: string | null; loaded: boolean };
}

export const initialAutoMessagesState: AutoMessagesState = {
  entries: null,
  drafts: {},
  save: null,
  log: { items: [], next: null, loaded: false },
};

export const loadAutoMessages = createApiThunk('autoMessages/load', () => call(endpoints.listAutoMessages));
export const putAutoMessages = createApiThunk('autoMessages/put', (body: PutAutoMessagesRequest) =>
  call(endpoints.putAutoMessages, { body }),
);
export const loadAutoMessageLog = createApiThunk('autoMessages/log', () =>
  call(endpoints.autoMessageLog, { query: FIRST_PAGE_QUERY }),
);
export const loadMoreAutoMessageLog = createApiThunk('autoMessages/logMore', (next: string) =>
  follow(endpoints.autoMessageLog, next),
);

type ItemRef = { category: AutoMessageCategory; id: string };

const appliers: EventAppliers<AutoMessagesState> = {
  // A send shows at the top of a loaded log; an unloaded one fetches it whole when opened.
  auto_message_sent(s, entry) {
    if (!s.log.loaded || s.log.items.some((e) => e._id === entry._id)) return;
    s.log.items.unshift(entry);
  },
};

const find = (state: AutoMessagesState, { category, id }: ItemRef) =>
  state.drafts[category]?.find((m) => m._id === id);

export const autoMessagesSlice = createSlice({
  name: 'autoMessages',
  initialState: initialAutoMessagesState,
  reducers: {
    /** Opening a category's editor starts a draft from the server's list (kept if one exists). */
    draftOpened(state, action: PayloadAction<AutoMessageCategory>) {
      const category = action.payload;
      if (state.drafts[category]) return;
      const entry = state.entries?.find((e) => e.category === category);
      state.drafts[category] = (entry?.messages ?? []).map(draftFromServer);
    },
    /** Back to what the server holds. */
    draftDiscarded(state, action: PayloadAction<AutoMessageCategory>) {
      const category = action.payload;
      const entry = state.entries?.find((e) => e.category === category);
      state.drafts[category] = (entry?.messages ?? []).map(draftFromServer);
      if (state.save?.category === category) state.save = null;
    },
    itemAdded(state, action: PayloadAction<{ category: AutoMessageCategory; item: DraftMessage }>) {
      const { category, item } = action.payload;
      state.drafts[category] = [...(state.drafts[category] ?? []), item];
    },
    itemRemoved(state, action: PayloadAction<ItemRef>) {
      const list = state.drafts[action.payload.category];
      if (list) state.drafts[action.payload.category] = list.filter((m) => m._id !== action.payload.id);
    },
    itemMoved(state, action: PayloadAction<ItemRef & { by: -1 | 1 }>) {
      const list = state.drafts[action.payload.category];
      if (!list) return;
      const from = list.findIndex((m) => m._id === action.payload.id);
      state.drafts[action.payload.category] = moveItem(list, from, action.payload.by);
    },
    itemChanged(
      state,
      action: PayloadAction<
        ItemRef & { changes: Partial<Pick<DraftMessage, 'text' | 'price' | 'delay_seconds'>> }
      >,
    ) {
      const item = find(state, action.payload);
      if (item) Object.assign(item, action.payload.changes);
    },
    uploadProgressed(state, action: PayloadAction<ItemRef & { progress: number }>) {
      const item = find(state, action.payload);
      if (item) item.upload = { state: 'uploading', progress: action.payload.progress };
    },
    /** The file is on the server: the item now names its media and has nothing left to upload. */
    uploadFinished(state, action: PayloadAction<ItemRef & { media: MessageMedia }>) {
      const item = find(state, action.payload);
      if (!item) return;
      const { media } = action.payload;
      item.media = { ...media, th: media.th ?? item.file?.previewUrl ?? null };
      item.public_id = media.public_id;
      item.media_id = media.media_id;
      item.file = null;
      item.upload = { state: 'idle' };
    },
    uploadFailed(state, action: PayloadAction<ItemRef & { message: string }>) {
      const item = find(state, action.payload);
      if (item) item.upload = { state: 'failed', message: action.payload.message };
    },
    uploadStopped(state, action: PayloadAction<ItemRef>) {
      const item = find(state, action.payload);
      if (item) item.upload = { state: 'idle' };
    },
    saveChanged(state, action: PayloadAction<SaveOutcome | null>) {
      state.save = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadAutoMessages.fulfilled, (state, action) => {
        state.entries = action.payload.data;
      })
      // The saved list replaces the category, and the draft starts again from it (server ids).
      .addCase(putAutoMessages.fulfilled, (state, action) => {
        const entry = action.payload;
        const entries = state.entries ?? [];
        const at = entries.findIndex((e) => e.category === entry.category);
        if (at >= 0) entries[at] = entry;
        else entries.push(entry);
        state.entries = entries;
        state.drafts[entry.category] = entry.messages.map(draftFromServer);
      })
      .addCase(loadAutoMessageLog.fulfilled, (state, action) => {
        state.log = { items: action.payload.data, next: action.payload.next, loaded: true };
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(appliers, state, action.payload))
      .addCase(loadMoreAutoMessageLog.fulfilled, (state, action) => {
        const known = new Set(state.log.items.map((e) => e._id));
        state.log.items.push(...action.payload.data.filter((e) => !known.has(e._id)));
        state.log.next = action.payload.next;
      });
  },
});

export const {
  draftOpened,
  draftDiscarded,
  itemAdded,
  itemRemoved,
  itemMoved,
  itemChanged,
  uploadProgressed,
  uploadFinished,
  uploadFailed,
  uploadStopped,
  saveChanged,
} = autoMessagesSlice.actions;

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof autoMessagesSlice> {}
}
/** Added to the store when this screen's code loads (platform/rootReducer.ts). */
const injected = autoMessagesSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectAutoMessages = (state: RootState) => injected.selectSlice(state);
export const selectEntry = (state: RootState, category: AutoMessageCategory) =>
  selectAutoMessages(state).entries?.find((e) => e.category === category) ?? null;
export const selectDraft = (state: RootState, category: AutoMessageCategory) =>
  selectAutoMessages(state).drafts[category] ?? null;
export const selectDirty = (state: RootState, category: AutoMessageCategory) => {
  const draft = selectAutoMessages(state).drafts[category];
  if (!draft) return false;
  return isDirty(draft, selectEntry(state, category)?.messages ?? []);
};
export const selectAnyDirty = (state: RootState) =>
  Object.keys(selectAutoMessages(state).drafts).some((c) => selectDirty(state, c as AutoMessageCategory));

export type UploadRunner = (
  item: DraftMessage,
  file: File,
  options: { type: ReturnType<typeof uploadTypeFor>; signal: AbortSignal; onProgress: (p: number) => void },
) => Promise<{ media: MessageMedia }>;

/**
 * The files chosen on the device, by temporary id (File objects stay out of the store), and the
 * running save's abort controller by category.
 */
export const pendingFiles = new Map<string, File>();
const running = new Map<AutoMessageCategory, AbortController>();

/** Stops the category's uploads: not a failure, nothing is flagged and nothing is saved. */
export function abortSave(category: AutoMessageCategory) {
  running.get(category)?.abort();
}

export const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'UploadAbortedError' || error.name === 'AbortError');

/**
 * Saves one category: each device file is uploaded first (with its progress; a failure flags the
 * item with the server's message and stops), then the whole ordered list is PUT.
 */
export const saveCategory =
  (category: AutoMessageCategory, upload: UploadRunner) =>
  async (dispatch: AppThunkDispatch, getState: () => RootState): Promise<SaveOutcome['kind']> => {
    const draft = selectDraft(getState(), category) ?? [];
    const problem = draftProblem(draft);
    if (problem) {
      dispatch(saveChanged({ category, kind: 'failed', message: problem }));
      return 'failed';
    }
    const controller = new AbortController();
    running.set(category, controller);
    try {
      for (const item of draft) {
        if (!item.file) continue;
        const file = pendingFiles.get(item._id);
        const ref = { category, id: item._id };
        if (!file) {
          const message = 'This file is no longer available. Choose it again.';
          dispatch(uploadFailed({ ...ref, message }));
          dispatch(saveChanged({ category, kind: 'failed', message }));
          return 'failed';
        }
        dispatch(saveChanged({ category, kind: 'saving', step: 'uploading' }));
        dispatch(uploadProgressed({ ...ref, progress: 0 }));
        try {
          // Stopped (its Cancel, or leaving the page), the item keeps its file and nothing is saved.
          const { media } = await dispatch(
            trackUpload(
              'autoMessage',
              () => controller.abort(),
              () =>
                upload(item, file, {
                  type: uploadTypeFor(item.price),
                  signal: controller.signal,
                  onProgress: (progress) => dispatch(uploadProgressed({ ...ref, progress })),
                }),
            ),
          );
          dispatch(uploadFinished({ ...ref, media }));
          pendingFiles.delete(item._id);
        } catch (error) {
          if (controller.signal.aborted || isAbort(error)) {
            dispatch(uploadStopped(ref));
            dispatch(saveChanged({ category, kind: 'aborted' }));
            return 'aborted';
          }
          const message = error instanceof Error ? error.message : 'Upload failed.';
          dispatch(uploadFailed({ ...ref, message }));
          dispatch(saveChanged({ category, kind: 'failed', message: `Upload failed: ${message}` }));
          return 'failed';
        }
      }
      dispatch(saveChanged({ category, kind: 'saving', step: 'saving' }));
      const saved = await dispatch(
        putAutoMessages(buildPutRequest(category, selectDraft(getState(), category) ?? [])),
      );
      if (putAutoMessages.fulfilled.match(saved)) {
        dispatch(saveChanged({ category, kind: 'saved' }));
        return 'saved';
      }
      const message = saved.payload?.message ?? 'Your messages could not be saved. Try again.';
      dispatch(saveChanged({ category, kind: 'failed', message }));
      return 'failed';
    } finally {
      running.delete(category);
    }
  };
