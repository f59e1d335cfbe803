import type { Purchase } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../platform/realtimeEvent';
import {
  allPurchasesToggled,
  initialPurchasesState,
  loadMorePurchases,
  loadPurchases,
  loadSellers,
  type PurchasesState,
  purchasesSlice,
  purchaseToggled,
  setPurchasesHidden,
  tabChanged,
  unknownSellers,
} from './purchasesSlice';
import { message, purchase } from './purchasesTestData';

const reduce = purchasesSlice.reducer;
const page = (data: Purchase[], next: string | null = null) => ({ data, next });
const loadedWith = (tab: PurchasesState['tab'], items: Purchase[], next: string | null = null) =>
  reduce(
    reduce(initialPurchasesState, tabChanged(tab)),
    loadPurchases.fulfilled(page(items, next), 'r', tab),
  );
const hide = (ids: string[], hidden: boolean, updated = ids.length) =>
  setPurchasesHidden.fulfilled({ updated }, 'r', { ids, hidden });

describe('purchases list', () => {
  it('switching tab empties the list and drops an answer for the tab left', () => {
    let s = loadedWith('visible', [purchase('1')]);
    s = reduce(s, tabChanged('hidden'));
    expect(s).toMatchObject({ tab: 'hidden', items: [], loaded: false, selected: [] });
    s = reduce(s, loadPurchases.fulfilled(page([purchase('2')]), 'r', 'visible'));
    expect(s.loaded).toBe(false);
    s = reduce(s, loadPurchases.fulfilled(page([purchase('3', true)]), 'r', 'hidden'));
    expect(s.items.map((p) => p._id)).toEqual(['3']);
  });

  it('load more appends the next page without repeating rows', () => {
    let s = loadedWith(
      'visible',
      [purchase('1'), purchase('2')],
      '/v1/message/paid?state=visible&limit=20&offset=20',
    );
    s = reduce(
      s,
      loadMorePurchases.fulfilled(page([purchase('2'), purchase('3')]), 'r', { tab: 'visible', next: 'x' }),
    );
    expect(s.items.map((p) => p._id)).toEqual(['1', '2', '3']);
    expect(s.next).toBeNull();
  });
});

describe('hiding and unhiding several purchases', () => {
  it('selection toggles one by one, and select-all picks all shown then clears', () => {
    let s = loadedWith('visible', [purchase('1'), purchase('2'), purchase('3')]);
    s = reduce(reduce(s, purchaseToggled('2')), purchaseToggled('1'));
    expect(s.selected).toEqual(['2', '1']);
    s = reduce(s, purchaseToggled('2'));
    expect(s.selected).toEqual(['1']);
    s = reduce(s, allPurchasesToggled());
    expect(s.selected).toEqual(['1', '2', '3']);
    s = reduce(s, allPurchasesToggled());
    expect(s.selected).toEqual([]);
  });

  it('hidden purchases leave the Visible tab, the picks clear, and the next page keeps its place', () => {
    let s = loadedWith(
      'visible',
      [purchase('1'), purchase('2'), purchase('3')],
      '/v1/message/paid?state=visible&limit=20&offset=20',
    );
    s = reduce(reduce(s, purchaseToggled('1')), purchaseToggled('3'));
    s = reduce(s, hide(['1', '3'], true));
    expect(s.items.map((p) => p._id)).toEqual(['2']);
    expect(s.selected).toEqual([]);
    expect(s.notice).toBe('2 purchases hidden. Find them under Hidden.');
    expect(s.next).toBe('/v1/message/paid?state=visible&limit=20&offset=18');
  });

  it('unhidden purchases leave the Hidden tab', () => {
    let s = loadedWith('hidden', [purchase('1', true), purchase('2', true)]);
    s = reduce(s, hide(['2'], false));
    expect(s.items.map((p) => p._id)).toEqual(['1']);
    expect(s.notice).toBe('1 purchase back in Visible.');
  });

  it('on the All tab they stay, marked hidden or not', () => {
    let s = loadedWith('all', [purchase('1'), purchase('2', true)]);
    s = reduce(s, hide(['1'], true));
    expect(s.items.map((p) => [p._id, p.is_hidden])).toEqual([
      ['1', true],
      ['2', true],
    ]);
    expect(s.notice).toBe('1 purchase hidden.');
  });
});

describe('a purchase made elsewhere', () => {
  const event = (id: string) =>
    realtimeEvent({
      event: 'paid_content',
      data: { chat_id: 'chat-s2', message_id: id, message: message(id, 's2') },
      me: 'fan',
      receivedAt: Date.parse('2026-11-23T12:00:00.000Z'),
    });

  it('comes on top of the Visible list, once, and moves the next page by one', () => {
    let s = loadedWith('visible', [purchase('1')], '/v1/message/paid?state=visible&limit=20&offset=20');
    s = reduce(reduce(s, event('9')), event('9'));
    expect(s.items.map((p) => p._id)).toEqual(['9', '1']);
    expect(s.items[0]).toMatchObject({ seller_id: 's2', price: 30, is_hidden: false });
    expect(s.items[0]?.created_at).toBe('2026-11-23T12:00:00.000Z');
    expect(s.next).toBe('/v1/message/paid?state=visible&limit=20&offset=21');
  });

  it('does not show under Hidden, nor before the list is loaded', () => {
    expect(reduce(loadedWith('hidden', []), event('9')).items).toEqual([]);
    expect(reduce(initialPurchasesState, event('9')).items).toEqual([]);
  });
});

describe('sellers', () => {
  it('each seller is asked for once', () => {
    let s = loadedWith('visible', [
      purchase('1', false, 'a'),
      purchase('2', false, 'b'),
      purchase('3', false, 'a'),
    ]);
    expect(unknownSellers(s)).toEqual(['a', 'b']);
    s = reduce(s, loadSellers.pending('r', ['a', 'b']));
    expect(unknownSellers(s)).toEqual([]);
    s = reduce(
      s,
      loadSellers.fulfilled({ a: { username: 'ann', avatar_url: null }, b: null }, 'r', ['a', 'b']),
    );
    expect(s.sellers.a?.username).toBe('ann');
  });
});
