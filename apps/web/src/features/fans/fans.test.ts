import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { chat, event, loaded, reduce } from '../chats/inboxTestData';
import { MAX_NOTICES, noticeDismissed, selectNewFanNotices } from './fansSlice';
import { newFanText, RELATIONSHIP_LABELS, strongerRelationship } from './relationship';

const newFan = (username: string, relationship: 'follower' | 'fan' | 'subscriber' = 'follower') => ({
  user_id: username,
  username,
  relationship,
});

describe('relationships', () => {
  it('only ever grow stronger: follower < fan < subscriber', () => {
    expect(strongerRelationship(null, 'follower')).toBe('follower');
    expect(strongerRelationship('follower', 'fan')).toBe('fan');
    expect(strongerRelationship('fan', 'subscriber')).toBe('subscriber');
    expect(strongerRelationship('subscriber', 'fan')).toBe('subscriber');
    expect(strongerRelationship('fan', 'follower')).toBe('fan');
    expect(strongerRelationship(null, 'user')).toBeNull();
  });

  it('read as the creator sees them', () => {
    expect(newFanText(newFan('sam'))).toBe('sam followed you');
    expect(newFanText(newFan('sam', 'subscriber'))).toBe('sam subscribed to you');
    expect(newFanText(newFan('sam', 'fan'))).toBe('sam is now your fan');
    expect(RELATIONSHIP_LABELS).toEqual({ follower: 'Follower', fan: 'Fan', subscriber: 'Subscriber' });
  });
});

describe('new_fan', () => {
  it('shows a notice per new fan, the latest few, until dismissed', () => {
    const store = createStore();
    store.dispatch(event('new_fan', newFan('sam'), 1));
    expect(selectNewFanNotices(store.getState()).map(newFanText)).toEqual(['sam followed you']);
    for (const [i, name] of ['a', 'b', 'c'].entries()) store.dispatch(event('new_fan', newFan(name), 2 + i));
    const notices = selectNewFanNotices(store.getState());
    expect(notices.map((n) => n.username)).toEqual(['a', 'b', 'c']);
    expect(notices).toHaveLength(MAX_NOTICES);
    store.dispatch(noticeDismissed(notices[1]!.id));
    expect(selectNewFanNotices(store.getState()).map((n) => n.username)).toEqual(['a', 'c']);
  });

  it("sets the chip of the fan's chat when it is loaded, never weakening it", () => {
    let state = loaded([chat('sam', 1), chat('alex', 2, { relationship: 'subscriber' })]);
    state = reduce(state, event('new_fan', newFan('sam')));
    state = reduce(state, event('new_fan', newFan('alex', 'fan')));
    state = reduce(state, event('new_fan', newFan('nobody')));
    expect(state.chats.entities.sam?.relationship).toBe('follower');
    expect(state.chats.entities.alex?.relationship).toBe('subscriber');
    expect(state.chats.entities.nobody).toBeUndefined();
  });
});
