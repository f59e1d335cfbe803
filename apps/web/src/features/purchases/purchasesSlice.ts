import { endpoints, type PostPurchase, type Purchase, plural } from '@parlor/contract';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { call, follow } from '../../platform/api';
import {
  emptyPagedList,
  FIRST_PAGE_QUERY,
  firstPageArrived,
  nextPageArrived,
  type PagedList,
} from '../../platform/pagedList';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { keepShown, shiftNext, toggleAll, toggleId } from '../media/selection';

export type PurchasesTab = 'visible' | 'hidden' | 'all';
export const PURCHASE_TABS: { tab: PurchasesTab; label: string }[] = [
  { tab: 'visible', label: 'Visible' },
  { tab: 'hidden', label: 'Hidden' },
  { tab: 'all', label: 'All' },
];

/** Who sold a purchase, for its name and the link to the chat. */
export interface Seller {
  username: string;
  avatar_url: string | null;
}

/** The fan's purchases screen: one tab's list, its picks, and what the last hide or unhide did. */
export interface PurchasesState extends PagedList<Purchase> {
  tab: PurchasesTab;
  selected: string[];
  /** Sellers by id; null while asked for, or when they could not be found. */
  sellers: Record<string, Seller | null>;
  /** "2 purchases hidden": said once a hide or unhide is done. */
  notice: string | null;
  /** The posts the fan unlocked, listed beside the chat purchases (they have no hide of their own). */
  posts: PagedList<PostPurchase>;
}

export const initialPurchasesState: PurchasesState = {
  tab: 'visible',
  ...emptyPagedList<Purchase>(),
  selected: [],
  sellers: {},
  notice: null,
  posts: emptyPagedList<PostPurchase>(),
};

/** GET /v1/feed/purchases: the first page of the post unlocks, then the following ones by their link. */
export const loadPostPurchases = createApiThunk('purchases/loadPosts', (_arg: undefined, { signal }) =>
  call(endpoints.listPostPurchases, { query: FIRST_PAGE_QUERY }, { signal }),
);
export const loadMorePostPurchases = createApiThunk('purchases/loadMorePosts', (next: string) =>
  follow(endpoints.listPostPurchases, next),
);

/** GET /v1/message/paid: the first page of one tab. */
export const loadPurchases = createApiThunk('purchases/load', (tab: PurchasesTab, { signal }) =>
  call(endpoints.listPurchases, { query: { state: tab, ...FIRST_PAGE_QUERY } }, { signal }),
);
export const loadMorePurchases = createApiThunk(
  'purchases/loadMore',
  ({ next }: { tab: PurchasesTab; next: string }) => follow(endpoints.listPurchases, next),
);

/** PATCH /v1/messages/hide-paid or unhide-paid for the picked purchases. */
export const setPurchasesHidden = createApiThunk(
  'purchases/setHidden',
  ({ ids, hidden }: { ids: string[]; hidden: boolean }) =>
    call(hidden ? endpoints.hidePurchases : endpoints.unhidePurchases, { query: { ids: ids.join(',') } }),
);

/** The sellers' names: one chat lookup per seller not yet known (a page has few of them). */
export const loadSellers = createApiThunk('purchases/sellers', async (ids: string[]) => {
  const found = await Promise.all(
    ids.map((id) =>
      call(endpoints.getChat, { query: { recipient_id: id } }).then(
        (chat): [string, Seller | null] => [
          id,
          { username: chat.other_user.username, avatar_url: chat.other_user.avatar_url },
        ],
        (): [string, Seller | null] => [id, null],
      ),
    ),
  );
  return Object.fromEntries(found);
});

/** Seller ids on the list that were never asked for. */
export function unknownSellers(state: PurchasesState): string[] {
  return [...new Set(state.items.map((p) => p.seller_id))].filter((id) => !(id in state.sellers));
}

/** Does a purchase belong on this tab? */
const belongs = (tab: PurchasesTab, hidden: boolean) => tab === 'all' || (tab === 'hidden') === hidden;

const purchaseAppliers: EventAppliers<PurchasesState> = {
  /** Bought elsewhere (another tab, another device): on top of a list that shows visible ones. */
  paid_content(state, data, { receivedAt }) {
    if (!state.loaded || !belongs(state.tab, false)) return;
    if (state.items.some((p) => p.message_id === data.message_id)) return;
    state.items.unshift({
      _id: data.message_id,
      message_id: data.message_id,
      chat_id: data.chat_id,
      seller_id: data.message.sender_id,
      price: data.message.price,
      price_in_dollars: data.message.price_in_dollars,
      created_at: new Date(receivedAt).toISOString(),
      is_hidden: false,
      message: data.message,
    });
    // The server's next page starts one row later now.
    state.next = shiftNext(state.next, 1);
  },
};

export const purchasesSlice = createSlice({
  name: 'purchases',
  initialState: initialPurchasesState,
  reducers: {
    tabChanged(state, action: PayloadAction<PurchasesTab>) {
      if (state.tab === action.payload) return;
      state.tab = action.payload;
      Object.assign(state, emptyPagedList<Purchase>());
      state.selected = [];
    },
    purchaseToggled(state, action: PayloadAction<string>) {
      state.selected = toggleId(state.selected, action.payload);
      state.notice = null;
    },
    allPurchasesToggled(state) {
      state.selected = toggleAll(
        state.selected,
        state.items.map((p) => p._id),
      );
      state.notice = null;
    },
    selectionCleared(state) {
      state.selected = [];
    },
    noticeCleared(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadPurchases.fulfilled, (state, action) => {
        // An answer for a tab left meanwhile is dropped.
        if (action.meta.arg !== state.tab) return;
        firstPageArrived(state, action.payload);
        state.selected = keepShown(
          state.selected,
          state.items.map((p) => p._id),
        );
      })
      .addCase(loadPostPurchases.fulfilled, (state, action) => firstPageArrived(state.posts, action.payload))
      .addCase(loadMorePostPurchases.fulfilled, (state, action) =>
        nextPageArrived(state.posts, action.payload),
      )
      .addCase(loadMorePurchases.fulfilled, (state, action) => {
        if (action.meta.arg.tab !== state.tab) return;
        nextPageArrived(state, action.payload);
      })
      .addCase(setPurchasesHidden.fulfilled, (state, action) => {
        const { ids, hidden } = action.meta.arg;
        const changed = new Set(ids);
        const before = state.items.length;
        state.items = state.items
          .map((p) => (changed.has(p._id) ? { ...p, is_hidden: hidden } : p))
          .filter((p) => belongs(state.tab, p.is_hidden));
        state.next = shiftNext(state.next, state.items.length - before);
        state.selected = [];
        const count = action.payload.updated;
        state.notice = hidden
          ? `${plural(count, 'purchase')} hidden.${state.tab === 'all' ? '' : ` Find ${count === 1 ? 'it' : 'them'} under Hidden.`}`
          : `${plural(count, 'purchase')} back in Visible.`;
      })
      .addCase(loadSellers.pending, (state, action) => {
        for (const id of action.meta.arg) state.sellers[id] ??= null;
      })
      .addCase(loadSellers.fulfilled, (state, action) => {
        Object.assign(state.sellers, action.payload);
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(purchaseAppliers, state, action.payload));
  },
});

export const { tabChanged, purchaseToggled, allPurchasesToggled, selectionCleared, noticeCleared } =
  purchasesSlice.actions;
declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof purchasesSlice> {}
}
/** Added to the store when this screen's code loads (platform/rootReducer.ts). */
const injected = purchasesSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectPurchases = (state: RootState) => injected.selectSlice(state);
