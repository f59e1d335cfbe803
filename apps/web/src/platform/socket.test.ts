import { WS_RESYNC, WS_UNAUTHORIZED } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionOptions, createConnection, type SocketLike, WS_PONG_TIMEOUT } from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: { event: string; data: unknown }[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  // Test helpers: what the server does.
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(overrides: Partial<ConnectionOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let hidden = false;
  const visibilityListeners = new Set<() => void>();
  const calls = {
    events: [] as [string, unknown][],
    connected: [] as boolean[],
    reconnects: 0,
    unauthorized: 0,
  };
  const connection = createConnection({
    url: () => 'ws://test/v1/ws?token=t',
    create: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    visibility: {
      hidden: () => hidden,
      subscribe: (listener) => {
        visibilityListeners.add(listener);
        return () => visibilityListeners.delete(listener);
      },
    },
    onEvent: (event, data) => calls.events.push([event, data]),
    onConnectedChange: (connected) => calls.connected.push(connected),
    onReconnect: () => {
      calls.reconnects += 1;
    },
    onUnauthorized: () => {
      calls.unauthorized += 1;
    },
    ...overrides,
  });
  const setHidden = (value: boolean) => {
    hidden = value;
    for (const listener of visibilityListeners) listener();
  };
  const last = () => sockets[sockets.length - 1]!;
  return { connection, sockets, calls, setHidden, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection', () => {
  it('reports connected on open and says it is visible', () => {
    const { connection, last, calls } = setup();
    connection.start();
    expect(connection.status()).toBe('connecting');
    last().serverOpens();
    expect(connection.status()).toBe('open');
    expect(calls.connected).toEqual([true]);
    expect(last().sent).toContainEqual({ event: 'visibility', data: { state: 'visible' } });
  });

  it('passes on frames that match the contract and drops the rest', () => {
    const { connection, last, calls } = setup();
    connection.start();
    last().serverOpens();
    last().serverSends('typing_start', { sender_id: 'u2', chat_id: 'c1' });
    last().serverSends('typing_start', { sender_id: 42 });
    last().serverSends('no_such_event', {});
    last().onmessage?.({ data: 'not json' });
    expect(calls.events).toEqual([['typing_start', { sender_id: 'u2', chat_id: 'c1' }]]);
  });

  it('shows disconnected only after the socket stayed down for 5 s', () => {
    const { connection, last, calls } = setup();
    connection.start();
    last().serverOpens();
    last().serverCloses(1006);
    vi.advanceTimersByTime(4_999);
    expect(calls.connected).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(calls.connected).toEqual([true, false]);
  });

  it('shows disconnected 5 s after the very first attempt fails, and connected once one opens', () => {
    const { connection, last, calls } = setup();
    connection.start();
    last().serverCloses(1006);
    vi.advanceTimersByTime(4_999);
    expect(calls.connected).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.connected).toEqual([false]);
    last().serverOpens();
    expect(calls.connected).toEqual([false, true]);
  });

  it('shows disconnected when the first socket hangs without opening or closing', () => {
    const { connection, calls } = setup();
    connection.start();
    vi.advanceTimersByTime(5_000);
    expect(calls.connected).toEqual([false]);
  });

  it('does not flicker the indicator when the reconnect succeeds within 5 s', () => {
    const { connection, last, calls, sockets } = setup();
    connection.start();
    last().serverOpens();
    last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    last().serverOpens();
    vi.advanceTimersByTime(10_000);
    expect(calls.connected).toEqual([true]);
  });

  it('reconnects 1 s x attempt after abnormal closes and resets after an open', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    last().serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverCloses(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().serverOpens();
    last().serverCloses(1011);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('does not reconnect after a normal close (1000)', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    last().serverOpens();
    last().serverCloses(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.status()).toBe('closed');
  });

  it('goes to sign-in on a bad token (4001) without reconnecting', () => {
    const { connection, last, sockets, calls } = setup();
    connection.start();
    last().serverCloses(WS_UNAUTHORIZED);
    vi.advanceTimersByTime(60_000);
    expect(calls.unauthorized).toBe(1);
    expect(sockets).toHaveLength(1);
  });

  it('pings every 30 s and forces a reconnect when no pong comes within 2 s', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    const first = last();
    first.serverOpens();
    vi.advanceTimersByTime(30_000);
    expect(first.sent.filter((f) => f.event === 'ping')).toHaveLength(1);
    first.serverSends('pong', { ts: 1 });
    vi.advanceTimersByTime(2_000);
    expect(first.closedWith).toBeUndefined();

    vi.advanceTimersByTime(28_000);
    expect(first.sent.filter((f) => f.event === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(1_999);
    expect(first.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toBe(WS_PONG_TIMEOUT);
    expect(connection.status()).toBe('closed');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('asks the app to refetch what it missed when a socket opens again', () => {
    const { connection, last, calls } = setup();
    connection.start();
    last().serverOpens();
    expect(calls.reconnects).toBe(0);
    last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    last().serverOpens();
    expect(calls.reconnects).toBe(1);
  });

  it('reconnects and refetches when the server asks it to resync (4002)', () => {
    const { connection, last, sockets, calls } = setup();
    connection.start();
    last().serverOpens();
    last().serverCloses(WS_RESYNC);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    last().serverOpens();
    expect(calls.reconnects).toBe(1);
    expect(calls.unauthorized).toBe(0);
  });

  it('keeps no socket while the page is hidden and reopens when it is shown', () => {
    const { connection, last, sockets, setHidden, calls } = setup();
    setHidden(true);
    connection.start();
    expect(sockets).toHaveLength(0);
    setHidden(false);
    expect(sockets).toHaveLength(1);
    last().serverOpens();

    setHidden(true);
    expect(last().sent).toContainEqual({ event: 'visibility', data: { state: 'hidden' } });
    expect(last().closedWith).toBe(1000);
    expect(connection.status()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    setHidden(false);
    expect(sockets).toHaveLength(2);
    last().serverOpens();
    expect(calls.reconnects).toBe(1);
  });

  it('does not reconnect while hidden after the server drops the socket', () => {
    const { connection, last, sockets, setHidden } = setup();
    connection.start();
    last().serverOpens();
    last().serverCloses(1006);
    setHidden(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops for good on stop()', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    last().serverOpens();
    connection.stop();
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.send('ping', {})).toBe(false);
  });
});
