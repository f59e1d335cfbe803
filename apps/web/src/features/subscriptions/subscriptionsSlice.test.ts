import type { Subscription } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import {
  allToggled,
  cancelSubscriptions,
  editModeToggled,
  initialSubscriptionsState,
  selectionToggled,
  subscriptionsSlice,
} from './subscriptionsSlice';

const sub = (id: string, status: 'active' | 'canceled'): Subscription => ({
  _id: id,
  status,
  user: { _id: `c-${id}`, username: `creator-${id}`, avatar_url: null },
  price: 50,
  price_in_dollars: '5.00',
  card_id: null,
  started_at: '2026-01-01T00:00:00.000Z',
  renews_at: status === 'active' ? '2026-02-01T00:00:00.000Z' : null,
  ends_at: '2026-02-01T00:00:00.000Z',
  canceled_at: status === 'active' ? null : '2026-01-10T00:00:00.000Z',
});
const reduce = subscriptionsSlice.reducer;
const loaded = {
  ...initialSubscriptionsState,
  items: [sub('a', 'active'), sub('b', 'canceled'), sub('c', 'active')],
  loaded: true,
};

describe('manage subscriptions edit mode', () => {
  it('toggles selection of active subscriptions only', () => {
    let s = reduce(loaded, editModeToggled());
    expect(s.editing).toBe(true);
    s = reduce(s, selectionToggled('a'));
    s = reduce(s, selectionToggled('b'));
    expect(s.selected).toEqual(['a']);
    s = reduce(s, selectionToggled('a'));
    expect(s.selected).toEqual([]);
  });

  it('select-all picks only the active ones, and a second press clears', () => {
    let s = reduce(reduce(loaded, editModeToggled()), allToggled());
    expect(s.selected).toEqual(['a', 'c']);
    s = reduce(s, allToggled());
    expect(s.selected).toEqual([]);
  });

  it('deleting leaves edit mode and shows the canceled rows', () => {
    let s = reduce(reduce(reduce(loaded, editModeToggled()), allToggled()), editModeToggled());
    expect(s).toMatchObject({ editing: false, selected: [] });
    s = reduce(reduce(loaded, editModeToggled()), allToggled());
    s = reduce(
      s,
      cancelSubscriptions.fulfilled(
        { data: [sub('a', 'canceled'), sub('c', 'canceled')], canceled: 2 },
        'r',
        ['a', 'c'],
      ),
    );
    expect(s.editing).toBe(false);
    expect(s.selected).toEqual([]);
    expect(s.items.map((x) => x.status)).toEqual(['canceled', 'canceled', 'canceled']);
  });
});
