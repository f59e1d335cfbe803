import { CHAT_PAGE_SIZE, type ChatAction, endpoints, type InboxFilter } from '@parlor/contract';
import { call, follow } from '../../platform/api';
import { earlyOrCall } from '../../platform/early';
import { createApiThunk } from '../../platform/requests';
import type { AppThunk } from '../../platform/storeTypes';
import { selectUser } from '../auth/authSlice';
import { INBOX_FIRST_PAGE_QUERY, inboxPageQuery, inboxQuery, isOpeningPage } from './inboxModel';

export interface PageArg {
  filter: InboxFilter;
  search: string;
  /** A fan list's tab, or none. */
  listId?: string | null;
  offset: number;
  /** The `after` of the previous page's `next` link, when it gave one. */
  after?: string | null;
  /** A refresh of the first page (after a reconnect) merges instead of replacing. */
  refresh?: boolean;
}

/**
 * GET /v1/chats?v=2&limit=20&offset=N, with the search or the type (fans as fans2). The first page
 * of the list a page opens on may already be on its way (app/early.ts): it is taken, once.
 */
export const fetchInboxPage = createApiThunk(
  'inbox/fetchPage',
  async (arg: PageArg, { signal }) =>
    !arg.refresh && isOpeningPage(arg)
      ? earlyOrCall(endpoints.listChats, { query: INBOX_FIRST_PAGE_QUERY })
      : call(endpoints.listChats, { query: inboxPageQuery(arg) }, { signal }),
  // One page at a time; a refresh may run beside a page load.
  (arg, getState) => arg.refresh === true || getState().inbox.list.status !== 'Fetching',
);

/** The next page of the list being shown, when there is one. */
export const fetchNextInboxPage = (): AppThunk => (dispatch, getState) => {
  const { list } = getState().inbox;
  if (!list.hasMore || list.status === 'Fetching' || list.status === 'Error') return;
  return dispatch(
    fetchInboxPage({
      filter: list.filter,
      search: list.search,
      listId: list.listId,
      offset: list.offset,
      after: list.after,
    }),
  );
};

/** GET /v1/chats/total: the nine counts, for featured users only. */
export const fetchInboxTotals = createApiThunk(
  'inbox/fetchTotals',
  async () => call(endpoints.chatTotals),
  (_arg, getState) => selectUser(getState())?.type === 'featured',
);

/** GET /v1/chats/presence?ids=: the online state of up to 100 chat partners. */
export const fetchPresence = createApiThunk('inbox/fetchPresence', async (ids: string[], { signal }) =>
  call(endpoints.chatsPresence, { query: { ids: ids.join(',') } }, { signal }),
);

/** GET /v1/chat?recipient_id=: one chat added to the list. */
export const fetchChat = createApiThunk('inbox/fetchChat', async (otherUserId: string) =>
  call(endpoints.getChat, { query: { recipient_id: otherUserId } }),
);

export interface ChatsActionArg {
  action: ChatAction;
  /** Other users' ids; without them the current selection is used. */
  ids?: string[];
  /** Why, for a report. */
  reason?: string;
}

export interface ChatsActionResult {
  action: ChatAction;
  updated: number;
  /** A hide's time: Undo unhides the chats stamped with it (unhideChats). */
  hidden_at?: string | undefined;
  /** The chats held on the client that the action covered. */
  covered: string[];
  selectAll: boolean;
}

/**
 * PATCH /v1/chats with comma-joined `ids`, or in select-all mode `except_ids` plus the list's type
 * or search, so the server covers the same chats the user sees selected.
 */
export const chatsAction = createApiThunk(
  'inbox/chatsAction',
  async (arg: ChatsActionArg, { getState }): Promise<ChatsActionResult> => {
    const { list, selection } = getState().inbox;
    const selectAll = !arg.ids && selection.mode === 'all';
    const ids = arg.ids ?? selection.ids;
    const reason = arg.reason ? { reason: arg.reason } : {};
    const body = selectAll
      ? { action: arg.action, except_ids: ids.join(','), ...inboxQuery(list), ...reason }
      : { action: arg.action, ids: ids.join(','), ...inboxQuery(list), ...reason };
    const res = await call(endpoints.chatsAction, { body });
    const except = new Set(ids);
    return {
      ...res,
      selectAll,
      covered: selectAll ? list.ids.filter((id) => !except.has(id)) : ids,
    };
  },
);

/** Which hidden chats come back: one hide's batch (Undo), chosen ones, or every hidden chat. */
export type UnhideArg = { hiddenAt: string; ids: string[] } | { ids: string[] } | { all: true };

/**
 * PATCH /v1/chats action unhide. Undo names its hide by `hidden_at`, so a select-all hide comes back
 * whole, chats this client never loaded included; `ids` are the chats held here that it covers.
 */
export const unhideChats = createApiThunk('inbox/unhide', async (arg: UnhideArg) =>
  call(endpoints.chatsAction, {
    body:
      'hiddenAt' in arg
        ? { action: 'unhide', except_ids: '', hidden_at: arg.hiddenAt }
        : 'all' in arg
          ? { action: 'unhide', except_ids: '', hidden: true }
          : { action: 'unhide', ids: arg.ids.join(',') },
  }),
);

/** GET /v1/chats?hidden=true: a page of the Hidden view (chats hidden, not deleted), or the one `next` names. */
export function fetchHiddenChats(next?: string | null) {
  return next
    ? follow(endpoints.listChats, next)
    : call(endpoints.listChats, {
        query: { v: 2, limit: CHAT_PAGE_SIZE, offset: 0, hidden: 'true' },
      });
}

export interface ReadArg {
  otherUserId: string;
  /** The messages from the other user, held by the client, that this read covers. */
  messageIds: string[];
  /** The oldest message the client holds: the server reads from it on, nothing older. */
  fromMessageId: string;
}

/**
 * PATCH /v1/chats action read with `from_message_id`: the messages a conversation has loaded are
 * read, and the unread count goes down by as many (by 50 per page of 50 unread).
 */
export const markMessagesRead = createApiThunk('inbox/markRead', async (arg: ReadArg) =>
  call(endpoints.chatsAction, {
    body: { action: 'read', ids: arg.otherUserId, from_message_id: arg.fromMessageId },
  }),
);
