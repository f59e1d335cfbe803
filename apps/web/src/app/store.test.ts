import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { userUpdated } from '../features/auth/authSlice';
import { handleServerEvent } from './realtime';
import { createStore } from './store';

// A page starts with the store alone: the screens that are not a first screen bring their slices
// and effects with their code. What must happen anywhere in the app works without them.

type Store = ReturnType<typeof createStore>;
const event = (store: Store, name: string, data: unknown) =>
  handleServerEvent(store, 'c1', name as 'payout_completed', data);

describe('the store at a page’s start', () => {
  it('holds none of the slices of screens that come later', () => {
    const keys = Object.keys(createStore().getState());
    expect(keys).toContain('inbox');
    expect(keys).toContain('conversations');
    for (const later of ['broadcast', 'earnings', 'feed', 'discover', 'purchases', 'vault', 'autoMessages']) {
      expect(keys).not.toContain(later);
    }
  });

  it('a completed payout opens its popup with the amount wherever the creator is', () => {
    const store = createStore();
    event(store, 'payout_completed', { _id: 'p9', amount_usd: '1234.50' });
    const popup = store.getState().popups.stack.at(-1);
    expect(popup).toMatchObject({ kind: 'basic', props: { title: 'Payout completed' } });
    expect(popup?.kind === 'basic' && popup.props.text).toContain('$1,234.50');
    // A malformed event opens nothing.
    event(store, 'payout_completed', { _id: 'p10' });
    expect(store.getState().popups.stack).toHaveLength(1);
  });

  it('a finished broadcast ends the creator’s is_broadcasting before the broadcast screen is ever opened', () => {
    const store = createStore();
    store.dispatch(userUpdated({ _id: 'c1', type: 'featured', is_broadcasting: true } as User));
    event(store, 'broadcast_done', { _id: 'b1', sent: 3, total: 3 });
    expect(store.getState().auth.user?.is_broadcasting).toBe(false);
    expect(Object.keys(store.getState())).not.toContain('broadcast');
  });
});
