import {
  type ClientEventName,
  DISCONNECT_INDICATOR_DELAY_MS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  parseServerFrame,
  RECONNECT_DELAY_MS,
  type ServerEventName,
  WS_NORMAL_CLOSE,
  WS_UNAUTHORIZED,
} from '@parlor/contract';

/** The socket's own states. */
export type SocketStatus = 'connecting' | 'open' | 'closing' | 'closed';

/** Our own code for a socket we drop because no pong came back; anything but 1000 reconnects. */
export const WS_PONG_TIMEOUT = 4000;

/** The part of the browser WebSocket this module uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

/** Page visibility: the socket is not kept open while the page is hidden. */
export interface PageVisibility {
  hidden(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface ConnectionOptions {
  /** The full socket URL with its token, or null when signed out. */
  url: () => string | null;
  create: SocketFactory;
  visibility: PageVisibility;
  /** Every frame that passed its contract schema. */
  onEvent: (event: ServerEventName, data: unknown) => void;
  /** Connected at once on open; disconnected only once the socket stayed down for 5 s. */
  onConnectedChange?: (connected: boolean) => void;
  /** A socket opened again after an earlier one: the caller refetches what it missed. */
  onReconnect?: () => void;
  onUnauthorized?: () => void;
  onStatus?: (status: SocketStatus) => void;
}

export interface Connection {
  start(): void;
  stop(): void;
  send(event: ClientEventName, data: unknown): boolean;
  status(): SocketStatus;
}

/**
 * The one owner of the realtime socket (features subscribe, components never touch it), with its
 * timers: reconnect after 1 s x attempt unless closed normally, a ping every 30 s answered within 2 s,
 * the disconnected indicator after 5 s down, and no socket while the page is hidden.
 */
export function createConnection(options: ConnectionOptions): Connection {
  let socket: SocketLike | null = null;
  let status: SocketStatus = 'closed';
  let started = false;
  let everOpened = false;
  let attempt = 0;
  /** What we last told the app (null: nothing yet); the indicator only flips to false after the delay. */
  let reportedConnected: boolean | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribeVisibility: (() => void) | undefined;

  const setStatus = (next: SocketStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const clearHeartbeat = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  };

  const reportConnected = () => {
    clearTimeout(disconnectTimer);
    disconnectTimer = undefined;
    if (reportedConnected !== true) {
      reportedConnected = true;
      options.onConnectedChange?.(true);
    }
  };

  /**
   * Disconnected is reported once the socket has not been open for 5 s, whether it was
   * open before or the very first attempt never opened.
   */
  const scheduleDisconnected = () => {
    if (reportedConnected === false || disconnectTimer) return;
    disconnectTimer = setTimeout(() => {
      disconnectTimer = undefined;
      if (status === 'open') return;
      reportedConnected = false;
      options.onConnectedChange?.(false);
    }, DISCONNECT_INDICATOR_DELAY_MS);
  };

  const sendRaw = (event: ClientEventName, data: unknown): boolean => {
    if (!socket || status !== 'open') return false;
    socket.send(JSON.stringify({ event, data }));
    return true;
  };

  const startHeartbeat = () => {
    clearHeartbeat();
    pingTimer = setInterval(() => {
      if (!sendRaw('ping', {})) return;
      clearTimeout(pongTimer);
      // No pong within 2 s of a ping forces the socket closed, then it reconnects.
      pongTimer = setTimeout(() => drop(WS_PONG_TIMEOUT), PONG_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
  };

  function onClosed(code: number) {
    socket = null;
    clearHeartbeat();
    setStatus('closed');
    if (code === WS_UNAUTHORIZED) {
      started = false;
      reportedConnected = false;
      options.onUnauthorized?.();
      return;
    }
    if (!started) return;
    scheduleDisconnected();
    // Any close code other than 1000 reconnects, 1 s x the attempt number later.
    if (code === WS_NORMAL_CLOSE || options.visibility.hidden()) return;
    attempt += 1;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(open, RECONNECT_DELAY_MS * attempt);
  }

  /** Closes without waiting for the close handshake (a dead link may never answer it). */
  function drop(code: number, reason?: string) {
    const old = socket;
    if (!old) return;
    old.onopen = null;
    old.onmessage = null;
    old.onerror = null;
    old.onclose = null;
    setStatus('closing');
    try {
      old.close(code, reason);
    } catch {
      // A socket that is already closed refuses close(); it is gone either way.
    }
    onClosed(code);
  }

  function open() {
    reconnectTimer = undefined;
    if (!started || socket || options.visibility.hidden()) return;
    const url = options.url();
    if (!url) return;
    setStatus('connecting');
    const ws = options.create(url);
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      setStatus('open');
      attempt = 0;
      reportConnected();
      sendRaw('visibility', { state: 'visible' });
      startHeartbeat();
      if (everOpened) options.onReconnect?.();
      everOpened = true;
    };
    ws.onmessage = (event) => {
      if (socket !== ws || typeof event.data !== 'string') return;
      // Every frame is checked against the contract; anything else is dropped here.
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.event === 'pong') {
        clearTimeout(pongTimer);
        pongTimer = undefined;
      }
      options.onEvent(frame.event, frame.data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      onClosed(event.code);
    };
    ws.onerror = () => {
      // The close event that follows an error does the bookkeeping.
    };
  }

  const onVisibilityChange = () => {
    if (!started) return;
    if (options.visibility.hidden()) {
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      if (socket) {
        sendRaw('visibility', { state: 'hidden' });
        drop(WS_NORMAL_CLOSE, 'Page hidden');
      }
      return;
    }
    attempt = 0;
    open();
  };

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribeVisibility = options.visibility.subscribe(onVisibilityChange);
      open();
      scheduleDisconnected();
    },
    stop() {
      started = false;
      unsubscribeVisibility?.();
      unsubscribeVisibility = undefined;
      clearTimeout(reconnectTimer);
      clearTimeout(disconnectTimer);
      disconnectTimer = undefined;
      drop(WS_NORMAL_CLOSE, 'Signed out');
    },
    send: sendRaw,
    status: () => status,
  };
}

/** The browser's document visibility. */
export const documentVisibility: PageVisibility = {
  hidden: () => typeof document !== 'undefined' && document.hidden,
  subscribe(listener) {
    if (typeof document === 'undefined') return () => {};
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** The signed-in session's one connection, held by whoever opened it (app/realtime.tsx). */
let current: Connection | null = null;

/** Makes `connection` the one features send through; the answer lets it go again. */
export function holdConnection(connection: Connection): () => void {
  current = connection;
  return () => {
    if (current === connection) current = null;
  };
}

/** Sends a client frame (typing) when the socket is open; features never touch the socket itself. */
export function sendRealtime(event: ClientEventName, data: unknown): boolean {
  return current?.send(event, data) ?? false;
}
