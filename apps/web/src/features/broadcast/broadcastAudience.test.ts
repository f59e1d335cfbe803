import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { audienceHandedOver, type BroadcastAudience } from './broadcastModel';
import { screenOpened, selectBroadcast } from './broadcastSlice';

// The inbox's bulk bar hands its selection to the broadcast screen as the navigation's state; the
// screen's slice may be new when it arrives (it comes with the screen's code).

describe('the audience the inbox hands over', () => {
  const selection: BroadcastAudience = {
    kind: 'selection',
    mode: 'ids',
    ids: ['f1', 'f2'],
    category: 'fans',
    search: '',
  };

  it('is taken from the navigation state when well formed', () => {
    expect(audienceHandedOver({ audience: selection })).toEqual(selection);
    expect(audienceHandedOver({ audience: { ...selection, mode: 'all', ids: [], search: 'ann' } })).toEqual({
      ...selection,
      mode: 'all',
      ids: [],
      search: 'ann',
    });
  });

  it('is nothing for a missing or malformed state', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { audience: null },
      { audience: { ...selection, kind: 'category' } },
      { audience: { ...selection, mode: 'some' } },
      { audience: { ...selection, ids: [1] } },
      { audience: { ...selection, category: 'nope' } },
      { audience: { ...selection, search: 3 } },
    ]) {
      expect(audienceHandedOver(state)).toBeNull();
    }
  });

  it('becomes the audience when the screen opens, which also takes a send in progress', () => {
    const store = createStore();
    store.dispatch(screenOpened({ isBroadcasting: true, audience: selection }));
    expect(selectBroadcast(store.getState())).toMatchObject({ audience: selection, stage: 'broadcasting' });
    store.dispatch(screenOpened({ isBroadcasting: false, audience: null }));
    expect(selectBroadcast(store.getState())).toMatchObject({ audience: selection, stage: 'broadcasting' });
  });
});
