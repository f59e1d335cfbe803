import type { ProviderConfig } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { logout } from './authThunks';

const config = (over: Partial<ProviderConfig>): ProviderConfig => testProviderConfig({}, over);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.fn();
  vi.stubGlobal('location', { pathname: '/chats', search: '', assign });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(204, {})),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logout and guests go to the landing page', () => {
  it('goes to /login after 200 ms when no landing page is configured', async () => {
    const store = createStore();
    await store.dispatch(logout());
    await vi.advanceTimersByTimeAsync(200);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('goes to the configured landing page, for a logout and for a guest', async () => {
    const landing = 'https://parlor.example/welcome';
    const store = createStore();
    store.dispatch(loadProviderConfig.fulfilled(config({ landing_url: landing }), 'req', undefined));
    await store.dispatch(logout());
    await vi.advanceTimersByTimeAsync(200);
    expect(assign).toHaveBeenLastCalledWith(landing);

    const guest = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, config({ is_guest: true, landing_url: landing }))),
    );
    await guest.dispatch(loadProviderConfig());
    await vi.advanceTimersByTimeAsync(1000);
    expect(assign).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenLastCalledWith(landing);
  });
});
