import { MAX_PRESENCE_IDS, TYPING_TIMEOUT_MS } from '@parlor/contract';
import { createAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../platform/listeners';
import type { EffectApi, EventEffects } from '../../platform/realtimeEvent';
import type { AppThunk } from '../../platform/storeTypes';
import { showToast } from '../../ui/toasts';
import { actionFeedback } from './actionFeedback';
import { recentExpired, typingExpired } from './inboxSlice';
import {
  type ChatsActionArg,
  chatsAction,
  fetchChat,
  fetchInboxPage,
  fetchInboxTotals,
  fetchPresence,
  unhideChats,
} from './inboxThunks';

const TOTALS_REFRESH_MS = 1_500;

/** Counts move with every message and presence change; one refetch covers a burst of them. */
let totalsTimer: ReturnType<typeof setTimeout> | undefined;
function refreshTotalsSoon(api: EffectApi) {
  if (totalsTimer) return;
  totalsTimer = setTimeout(() => {
    totalsTimer = undefined;
    void api.dispatch(fetchInboxTotals());
  }, TOTALS_REFRESH_MS);
}

/** Side effects of inbox events; the cache changes themselves are in inboxEvents.ts. */
export const inboxEffects: EventEffects = {
  init(data, api) {
    if (!data.online_complete) void api.dispatch(refreshPresence());
  },
  new_message(data, api) {
    const other = data.sender_id === api.me ? data.recipient_id : data.sender_id;
    // A chat this client has not seen yet (a new fan, or one further down): fetch and place it.
    if (!api.getState().inbox.chats.entities[other]) void api.dispatch(fetchChat(other));
    refreshTotalsSoon(api);
  },
  user_online(data, api) {
    // On the Online tab, a chat not loaded yet is fetched so it shows up in its place.
    const { inbox } = api.getState();
    if (data.user_id !== api.me && inbox.list.filter === 'online' && !inbox.chats.entities[data.user_id]) {
      void api.dispatch(fetchChat(data.user_id));
    }
    refreshTotalsSoon(api);
  },
  user_offline: (_data, api) => refreshTotalsSoon(api),
  typing_start(data, api) {
    const at = api.receivedAt;
    setTimeout(() => api.dispatch(typingExpired({ chatId: data.chat_id, at })), TYPING_TIMEOUT_MS);
  },
};

/**
 * After a partial `init`: the online state of every chat held, asked 100 users at a time
 * (GET /v1/chats/presence), so the dots are right without the server sending unbounded lists.
 */
export const refreshPresence = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const ids = getState().inbox.chats.ids;
  for (let i = 0; i < ids.length; i += MAX_PRESENCE_IDS) {
    const answer = await dispatch(fetchPresence(ids.slice(i, i + MAX_PRESENCE_IDS)));
    // A failure is recorded like any request's; presence events and the next reconnect correct the rest.
    if (fetchPresence.rejected.match(answer)) return;
  }
};

/** After a reconnect: the first page again (merged at the top) and the counts. */
export const resyncInbox = (): AppThunk => (dispatch, getState) => {
  const { list } = getState().inbox;
  if (list.status !== 'None') {
    void dispatch(
      fetchInboxPage({
        filter: list.filter,
        search: list.search,
        listId: list.listId,
        offset: 0,
        refresh: true,
      }),
    );
  }
  void dispatch(fetchInboxTotals());
};

/** A chat left Recent on the clock: the Recent count moves with it. */
export const expireRecent = (): AppThunk => (dispatch) => {
  dispatch(recentExpired(Date.now()));
  void dispatch(fetchInboxTotals());
};

/** Hide and delete ask first; the confirm popup's button dispatches this. */
export const chatsActionConfirmed = createAction<ChatsActionArg>('inbox/chatsActionConfirmed');

export function registerInboxListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: chatsActionConfirmed,
    effect: (action, api) => {
      void api.dispatch(chatsAction(action.payload));
    },
  });
  startListening({
    actionCreator: chatsAction.fulfilled,
    effect: (action, api) => {
      void api.dispatch(fetchInboxTotals());
      // Every action says what it did; a hide offers to take it back.
      const { action: name, updated, hidden_at: hiddenAt, covered } = action.payload;
      const said = actionFeedback(name, updated);
      if (!said) return;
      if (name === 'hide' && hiddenAt && updated > 0)
        showToast(said, {
          label: 'Undo',
          run: () => void api.dispatch(unhideChats({ hiddenAt, ids: covered })),
        });
      else showToast(said);
    },
  });
  startListening({
    actionCreator: unhideChats.fulfilled,
    effect: (action, api) => {
      void api.dispatch(fetchInboxTotals());
      const said = actionFeedback('unhide', action.payload.updated);
      if (said) showToast(said);
    },
  });
}
