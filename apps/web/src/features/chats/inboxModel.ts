import {
  CHAT_PAGE_SIZE,
  type Chat,
  type ChatTotals,
  type FetchStatus,
  type InboxFilter,
  type InboxType,
  inboxTypeFor,
  type Message,
} from '@parlor/contract';
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';

/** Lists identify a chat by the other user's id. */
export const chatKey = (chat: Pick<Chat, 'other_user'>) => chat.other_user._id;
export const chatsAdapter = createEntityAdapter<Chat, string>({ selectId: chatKey });

export interface InboxList {
  filter: InboxFilter;
  search: string;
  /** One of my fan lists shown as a tab (then `filter` is 'all'), or null for the fixed tabs. */
  listId: string | null;
  /** Other users' ids in display order; the first `loaded` came from the server's pages. */
  ids: string[];
  /** The offset of the next page (pages are 20 by offset). */
  offset: number;
  /** Where the last page ended, from its `next` link: the next page starts after it at any depth. */
  after: string | null;
  hasMore: boolean;
  status: FetchStatus;
}

/** Select-all toggles a mode in which `ids` are the exceptions. */
export interface InboxSelection {
  mode: 'ids' | 'all';
  ids: string[];
}

export interface InboxState {
  chats: EntityState<Chat, string>;
  list: InboxList;
  totals: ChatTotals | null;
  unread: { all: number; favorites: number };
  selection: InboxSelection;
  /** Chats hidden or deleted from here; an open conversation with one of them goes back to /chats. */
  removed: Record<string, true>;
  /** Who is typing in which chat (by chat id), and since when (cleared after 10 s). */
  typing: Record<string, { senderId: string; at: number }>;
}

export const emptyList = (
  filter: InboxFilter = 'all',
  search = '',
  listId: string | null = null,
): InboxList => ({
  filter,
  search,
  listId,
  ids: [],
  offset: 0,
  after: null,
  hasMore: true,
  status: 'None',
});

/**
 * The filter is either a search text or a category, and an empty value is not sent. A search
 * covers every chat; a category is sent as `type` (fans as fans2).
 */
export function inboxQuery(
  list: Pick<InboxList, 'filter' | 'search'>,
): { search: string } | { type: InboxType } {
  const search = list.search.trim();
  return search ? { search } : { type: inboxTypeFor(list.filter) };
}

/** Which page of which list. */
type PageOf = Pick<InboxList, 'filter' | 'search' | 'offset'> & {
  after?: string | null;
  listId?: string | null;
};

/**
 * The query of one page of the list (GET /v1/chats?v=2&limit=20&offset=N, and the search or type,
 * and a fan list's id for its tab).
 */
export function inboxPageQuery(list: PageOf): Record<string, string | number> {
  return {
    v: 2,
    limit: CHAT_PAGE_SIZE,
    offset: list.offset,
    ...inboxQuery(list),
    ...(list.listId ? { list: list.listId } : {}),
    ...(list.after ? { after: list.after } : {}),
  };
}

/** The query of the first page of the list a page opens on (started early, app/early.ts). */
export const INBOX_FIRST_PAGE_QUERY = inboxPageQuery(emptyList());

/** Whether a page is the first of the list a page opens on (the one `app/early.ts` asks for). */
export function isOpeningPage(list: PageOf): boolean {
  const opening = emptyList();
  return (
    list.offset === 0 &&
    !list.after &&
    !list.listId &&
    list.filter === opening.filter &&
    list.search === opening.search
  );
}

export const initialInboxState = (): InboxState => ({
  chats: chatsAdapter.getInitialState(),
  list: emptyList(),
  totals: null,
  unread: { all: 0, favorites: 0 },
  selection: { mode: 'ids', ids: [] },
  removed: {},
  typing: {},
});

const pinned = (chat: Chat) => chat.is_staff && chat.unread_messages > 0;
const time = (chat: Chat) => (chat.last_message_time ? Date.parse(chat.last_message_time) : -Infinity);

/** The system user's chats with unread messages first, then newest last message first. */
export function inboxOrder(a: Chat, b: Chat): number {
  if (pinned(a) !== pinned(b)) return pinned(a) ? -1 : 1;
  const byTime = time(b) - time(a);
  if (byTime !== 0) return byTime;
  return chatKey(a) < chatKey(b) ? -1 : chatKey(a) > chatKey(b) ? 1 : 0;
}

/** Moves (or inserts) `id` to its sorted place in an already sorted list. */
export function placeInList(ids: string[], id: string, lookup: (id: string) => Chat | undefined): string[] {
  const chat = lookup(id);
  const rest = ids.filter((x) => x !== id);
  if (!chat) return rest;
  let index = rest.findIndex((other) => {
    const o = lookup(other);
    return o ? inboxOrder(chat, o) < 0 : false;
  });
  if (index === -1) index = rest.length;
  rest.splice(index, 0, id);
  return rest;
}

/** Whether a chat belongs in the list being shown (category from the server, search by username prefix). */
export function matchesList(chat: Chat, list: Pick<InboxList, 'filter' | 'search'>): boolean {
  const search = list.search.trim().toLowerCase();
  if (search && !chat.other_user.username.toLowerCase().startsWith(search)) return false;
  return list.filter === 'all' || chat.category.includes(list.filter);
}

/** The inbox preview of a message. */
export const previewOf = (m: Message): NonNullable<Chat['last_message']> => ({
  _id: m._id,
  type: m.type,
  text: m.is_deleted ? null : m.text,
  sender_id: m.sender_id,
  created_at: m.created_at,
  is_deleted: m.is_deleted,
});

/** Which ids a bulk action covers among the chats held: the chosen ones, or all but the exceptions. */
export function coveredIds(list: InboxList, selection: InboxSelection): string[] {
  if (selection.mode === 'ids') return selection.ids;
  const except = new Set(selection.ids);
  return list.ids.filter((id) => !except.has(id));
}
