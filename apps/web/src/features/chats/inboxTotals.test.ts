import type { User } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { tabsFor } from './inboxTabs';
import { fetchInboxTotals } from './inboxThunks';

const totals = {
  all: 3,
  online: 1,
  fans: 2,
  subscribers: 0,
  favorites: 1,
  unreplied: 1,
  vip: 0,
  recent: 0,
  sent: 2,
};
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify(totals), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '' });
});
afterEach(() => vi.unstubAllGlobals());

const signedInAs = (type: User['type']) => {
  const store = createStore();
  store.dispatch(userUpdated({ _id: 'me', username: 'me', type } as User));
  return store;
};

describe('inbox tabs and counts by account type', () => {
  it('loads the nine counts for featured users', async () => {
    const store = signedInAs('featured');
    await store.dispatch(fetchInboxTotals());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState().inbox.totals).toEqual(totals);
    expect(tabsFor('featured')).toHaveLength(9);
  });

  it('asks no counts for fans, whose inbox has six tabs', async () => {
    const store = signedInAs('user');
    await store.dispatch(fetchInboxTotals());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().inbox.totals).toBeNull();
    expect(tabsFor('user')).toEqual(['all', 'online', 'favorites', 'recent', 'unreplied', 'sent']);
  });
});
