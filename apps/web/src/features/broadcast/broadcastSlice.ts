import type { BroadcastStats, User, VaultMedia } from '@parlor/contract';
import { createSlice, type Draft, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../../platform/api';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { userUpdated } from '../auth/authSlice';
import { loadSession, logout, sessionOf, signIn, signUp, updateUser } from '../auth/authThunks';
import type { ScheduleInput } from '../scheduling/scheduleTime';
import {
  laterRefused,
  sendStarted,
  uploadAborted,
  uploadFailed,
  uploadProgressed,
  uploadSucceeded,
} from './broadcastActions';
import {
  type ActiveBroadcast,
  type BroadcastAudience,
  type BroadcastList,
  type BroadcastState,
  emptyDraft,
  initialBroadcastState,
  laterOff,
  priced,
  reachKey,
} from './broadcastModel';
import {
  cancelScheduled,
  countAudience,
  loadBroadcasts,
  loadScheduled,
  postBroadcast,
  unsendBroadcast,
  updateScheduled,
} from './broadcastThunks';

type S = Draft<BroadcastState>;

const running = (s: BroadcastState) => s.post.status === 'init' || (s.active !== null && !s.active.done);

/** The stats row of a broadcast, when the list holds it. */
const row = (s: S, id: string) => s.stats.items.find((b) => b._id === id);

/** A page of a list arrived: the first again replaces what is held, a following one is added. */
function pageArrived(
  list: Draft<BroadcastList>,
  page: { data: BroadcastStats[]; next: string | null },
  reset: boolean,
) {
  if (reset) list.items = page.data;
  else list.items.push(...page.data.filter((b) => !list.items.some((held) => held._id === b._id)));
  list.next = page.next;
  list.status = 'Fetched';
}

/** `is_broadcasting` of a loaded user sets the stage; a stale false never ends a send this client runs. */
function userLoaded(s: S, user: Pick<User, 'is_broadcasting'> | null | undefined) {
  if (!user) return;
  if (user.is_broadcasting) s.stage = 'broadcasting';
  else if (!running(s)) s.stage = 'none';
}

/** A figure from the server for the broadcast shown: never backwards, never after it is done. */
function progressed(s: S, next: Omit<ActiveBroadcast, 'done'>, done: boolean) {
  const current = s.active;
  if (current && current._id === next._id) {
    if (current.done) return;
    current.sent = Math.max(current.sent, next.sent);
    current.total = next.total;
    current.eta_s = done ? 0 : next.eta_s;
    current.done = done;
  } else {
    s.active = { ...next, eta_s: done ? 0 : next.eta_s, done };
  }
  s.stage = done ? 'none' : 'broadcasting';
  // A scheduled broadcast that started is no longer waiting.
  s.scheduled.items = s.scheduled.items.filter((b) => b._id !== next._id);
  const item = row(s, next._id);
  if (item) {
    item.sent = Math.max(item.sent, next.sent);
    item.total = next.total;
    item.eta_s = done ? null : next.eta_s;
    if (done && item.status === 'sending') item.status = 'done';
  }
}

const appliers: EventAppliers<BroadcastState> = {
  broadcast_progress(s, data) {
    progressed(s, data, false);
  },
  broadcast_done(s, data) {
    progressed(s, { ...data, eta_s: 0 }, true);
  },
  'user.update'(s, data) {
    const d = data as { is_broadcasting?: unknown } | null;
    if (typeof d?.is_broadcasting === 'boolean') userLoaded(s, { is_broadcasting: d.is_broadcasting });
  },
};

/** A page's sending broadcast (the list is newest first): what a reload shows the progress of. */
function adoptSending(s: S, items: BroadcastStats[]) {
  const sending = items.find((b) => b.status === 'sending');
  if (sending) {
    if (s.active?._id === sending._id && s.active.done) return;
    if (!s.active || s.active._id !== sending._id || s.active.done) {
      s.active = {
        _id: sending._id,
        sent: sending.sent,
        total: sending.total,
        eta_s: sending.eta_s,
        done: false,
      };
    } else {
      s.active.sent = Math.max(s.active.sent, sending.sent);
      s.active.eta_s = sending.eta_s;
    }
    s.stage = 'broadcasting';
  } else if (s.stage === 'broadcasting' && s.post.status !== 'init' && (!s.active || s.active.done)) {
    // `is_broadcasting` said so, but nothing is sending any more: it finished in the meantime.
    s.stage = 'none';
  }
}

export const broadcastSlice = createSlice({
  name: 'broadcast',
  initialState: initialBroadcastState,
  reducers: {
    /**
     * The screen is opened: the slice may be new (it comes with the screen's code), so it takes
     * what the signed-in user says of a send in progress, and the audience the inbox hands over.
     */
    screenOpened(s, action: PayloadAction<{ isBroadcasting: boolean; audience: BroadcastAudience | null }>) {
      if (action.payload.isBroadcasting) s.stage = 'broadcasting';
      if (action.payload.audience) s.audience = action.payload.audience;
    },
    audienceChosen(s, action: PayloadAction<BroadcastAudience>) {
      s.audience = action.payload;
      // The chosen list is the audience: it cannot be left out as well.
      if (action.payload.kind === 'list') {
        const { listId } = action.payload;
        s.excludeListIds = s.excludeListIds.filter((id) => id !== listId);
      }
    },
    excludedListToggled(s, action: PayloadAction<string>) {
      const id = action.payload;
      s.excludeListIds = s.excludeListIds.includes(id)
        ? s.excludeListIds.filter((x) => x !== id)
        : [...s.excludeListIds, id];
    },
    /** "Send later" on (from the picker's first value) or off. */
    laterToggled(s, action: PayloadAction<{ on: boolean; input: ScheduleInput }>) {
      const { on, input } = action.payload;
      s.later = on
        ? { on, input: s.later.input.date ? s.later.input : input, error: null }
        : laterOff(s.later.input);
    },
    laterChanged(s, action: PayloadAction<ScheduleInput>) {
      s.later.input = action.payload;
      s.later.error = null;
    },
    viewChosen(s, action: PayloadAction<BroadcastState['view']>) {
      s.view = action.payload;
    },
    textChanged(s, action: PayloadAction<string>) {
      s.draft.text = action.payload;
    },
    priceChanged(s, action: PayloadAction<number>) {
      Object.assign(s.draft, priced(action.payload));
    },
    selfDestructChanged(s, action: PayloadAction<boolean>) {
      s.draft.self_destruct = action.payload;
    },
    excludeBuyersChanged(s, action: PayloadAction<boolean>) {
      s.draft.exclude_buyers = action.payload;
    },
    /** A file from the device: shown at once, uploaded when the broadcast is sent. */
    deviceMediaChosen(
      s,
      action: PayloadAction<{
        kind: 'image' | 'video';
        previewUrl: string | null;
        name: string;
        size: number;
      }>,
    ) {
      s.draft.type = 'media';
      s.draft.media = { source: 'device', uploaded: null, ...action.payload };
      s.post = { status: 'none', error: null, aborted: false };
    },
    /** Vault media is ready at once: nothing to upload. */
    vaultMediaChosen(s, action: PayloadAction<VaultMedia>) {
      const { _id, type, created_at, sent_to_fan, bought_by_fan, ...media } = action.payload;
      s.draft.type = 'media';
      s.draft.media = {
        source: 'vault',
        kind: type,
        previewUrl: media.st ?? media.th,
        name: null,
        size: null,
        uploaded: { ...media, uploadType: null },
      };
      s.post = { status: 'none', error: null, aborted: false };
    },
    mediaRemoved(s) {
      s.draft.type = 'text';
      s.draft.media = null;
      s.draft.upload = null;
    },
    postDismissed(s) {
      s.post = { status: 'none', error: null, aborted: false };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sendStarted, (s, action) => {
        s.draft.clientSideReceiveId = action.payload.clientSideReceiveId;
        s.post = { status: 'init', error: null, aborted: false };
        s.scheduledAt = null;
      })
      .addCase(laterRefused, (s, action) => {
        s.later.error = action.payload;
      })
      .addCase(uploadProgressed, (s, action) => {
        s.draft.upload = action.payload;
      })
      .addCase(uploadSucceeded, (s, action) => {
        const { media, width, height, video_length, uploadType } = action.payload;
        s.draft.upload = null;
        if (s.draft.media)
          s.draft.media.uploaded = {
            ...media,
            width: width ?? media.width,
            height: height ?? media.height,
            video_length: video_length ?? media.video_length,
            uploadType,
          };
      })
      .addCase(uploadFailed, (s, action) => {
        s.draft.upload = null;
        s.post = { status: 'failure', error: action.payload, aborted: false };
      })
      .addCase(uploadAborted, (s) => {
        s.draft.upload = null;
        s.post = { status: 'none', error: null, aborted: true };
      })
      .addCase(postBroadcast.fulfilled, (s, action) => {
        const { _id, total, status, send_at: sendAt } = action.payload;
        s.post = { status: 'success', error: null, aborted: false };
        s.draft = emptyDraft();
        // Scheduled (201): nothing sends now; the composer says when, and the Scheduled list shows it.
        if (status === 'scheduled') {
          s.scheduledAt = sendAt ?? null;
          s.later = laterOff(s.later.input);
          s.view = 'scheduled';
          return;
        }
        s.stage = 'broadcasting';
        // Events may already have come for it (they can beat the 202): keep what they said.
        if (s.active?._id !== _id) s.active = { _id, sent: 0, total: total ?? 0, eta_s: null, done: false };
      })
      .addCase(postBroadcast.rejected, (s, action) => {
        const error = action.payload ?? toErrorInfo(action.error);
        // A refused time is said under the picker, where it was typed.
        if (action.meta.arg.send_at && error.field === 'send_at') {
          s.post = { status: 'none', error: null, aborted: false };
          s.later.error = error.message;
          return;
        }
        s.post = { status: 'failure', error: error.message, aborted: false };
        // A 409 means the previous one is still sending: its progress is what to show.
        if (error.status === 409 && !action.meta.arg.send_at) s.stage = 'broadcasting';
      })
      .addCase(countAudience.pending, (s, action) => {
        s.reach = { key: reachKey(action.meta.arg), total: null, status: 'Fetching' };
      })
      .addCase(countAudience.fulfilled, (s, action) => {
        if (action.payload.key !== s.reach.key) return;
        s.reach = { key: action.payload.key, total: action.payload.total, status: 'Fetched' };
      })
      .addCase(countAudience.rejected, (s, action) => {
        if (reachKey(action.meta.arg) !== s.reach.key || action.meta.aborted) return;
        s.reach.status = 'Error';
      })
      .addCase(loadBroadcasts.pending, (s) => {
        s.stats.status = 'Fetching';
        s.stats.error = null;
      })
      .addCase(loadBroadcasts.fulfilled, (s, action) => {
        const { data } = action.payload;
        pageArrived(s.stats, action.payload, action.meta.arg.reset);
        if (action.meta.arg.reset) adoptSending(s, data);
        // A finished broadcast's figures from events stay ahead of a list read before they came.
        if (s.active) {
          const item = row(s, s.active._id);
          if (item) {
            item.sent = Math.max(item.sent, s.active.sent);
            if (s.active.done && item.status === 'sending') item.status = 'done';
          }
        }
      })
      .addCase(loadBroadcasts.rejected, (s, action) => {
        s.stats.status = 'Error';
        s.stats.error = (action.payload as ApiErrorInfo | undefined) ?? toErrorInfo(action.error);
      })
      .addCase(loadScheduled.pending, (s) => {
        s.scheduled.status = 'Fetching';
        s.scheduled.error = null;
      })
      .addCase(loadScheduled.fulfilled, (s, action) => {
        pageArrived(s.scheduled, action.payload, action.meta.arg.reset);
      })
      .addCase(loadScheduled.rejected, (s, action) => {
        s.scheduled.status = 'Error';
        s.scheduled.error = (action.payload as ApiErrorInfo | undefined) ?? toErrorInfo(action.error);
      })
      .addCase(updateScheduled.fulfilled, (s, action) => {
        const at = s.scheduled.items.findIndex((b) => b._id === action.payload._id);
        if (at >= 0) s.scheduled.items[at] = action.payload;
        // A new time moves it among the others, soonest first.
        s.scheduled.items.sort((a, b) => Date.parse(a.send_at ?? '') - Date.parse(b.send_at ?? ''));
      })
      .addCase(cancelScheduled.fulfilled, (s, action) => {
        s.scheduled.items = s.scheduled.items.filter((b) => b._id !== action.payload._id);
      })
      .addCase(unsendBroadcast.fulfilled, (s, action) => {
        const item = row(s, action.payload._id);
        if (item) item.status = action.payload.status;
        if (s.active?._id === action.payload._id && !s.active.done) {
          s.active.done = true;
          s.stage = 'none';
        }
      })
      .addCase(loadSession.fulfilled, (s, action) => userLoaded(s, action.payload))
      .addCase(updateUser.fulfilled, (s, action) => userLoaded(s, action.payload))
      .addCase(userUpdated, (s, action) => userLoaded(s, action.payload))
      .addCase(signIn.fulfilled, (s, action) => {
        const session = sessionOf(action.payload);
        if (session) userLoaded(s, session.user);
      })
      .addCase(signUp.fulfilled, (s, action) => userLoaded(s, action.payload.user))
      .addCase(logout.fulfilled, () => initialBroadcastState())
      .addCase(realtimeEvent, (s, action) => applyEvent(appliers, s, action.payload));
  },
});

export const {
  screenOpened,
  audienceChosen,
  excludedListToggled,
  laterToggled,
  laterChanged,
  viewChosen,
  textChanged,
  priceChanged,
  selfDestructChanged,
  excludeBuyersChanged,
  deviceMediaChosen,
  vaultMediaChosen,
  mediaRemoved,
  postDismissed,
} = broadcastSlice.actions;

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof broadcastSlice> {}
}
/** Added to the store when the broadcast screen's code loads (platform/rootReducer.ts). */
const injected = broadcastSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectBroadcast = (s: RootState) => injected.selectSlice(s);
export const selectBroadcastDraft = (s: RootState) => selectBroadcast(s).draft;
export const selectBroadcastStage = (s: RootState) => selectBroadcast(s).stage;
