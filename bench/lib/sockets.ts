import WebSocket from 'ws';

export interface BenchSocket {
  userId: string;
  ws: WebSocket;
}

/**
 * Opens one socket per token, at most `concurrency` handshakes at a time, and resolves once every
 * socket got its `init` frame (the server has attached it and marked the user online). Bounded by
 * `timeoutMs`; sockets that fail are counted, not retried.
 */
export async function openSockets(
  wsUrl: string,
  users: { id: string; token: string }[],
  opts: { concurrency?: number; timeoutMs?: number; onFrame?: (s: BenchSocket, raw: string) => void } = {},
): Promise<{ sockets: BenchSocket[]; failed: number; seconds: number }> {
  const concurrency = opts.concurrency ?? 100;
  const timeoutMs = opts.timeoutMs ?? 300_000;
  const started = performance.now();
  const sockets: BenchSocket[] = [];
  let failed = 0;
  let next = 0;

  const openOne = (user: { id: string; token: string }) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(user.token)}`, {
        perMessageDeflate: false,
      });
      const s: BenchSocket = { userId: user.id, ws };
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (ok) sockets.push(s);
        else {
          failed++;
          ws.terminate();
        }
        resolve();
      };
      const timer = setTimeout(() => finish(false), 60_000);
      ws.on('message', (data) => {
        const raw = data.toString();
        if (!done && raw.startsWith('{"event":"init"')) finish(true);
        else opts.onFrame?.(s, raw);
      });
      ws.on('error', () => finish(false));
      ws.on('close', () => finish(false));
    });

  const deadline = started + timeoutMs;
  const worker = async () => {
    while (next < users.length && performance.now() < deadline) {
      const user = users[next++]!;
      await openOne(user);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, users.length) }, worker));
  failed = users.length - sockets.length;
  return { sockets, failed, seconds: (performance.now() - started) / 1000 };
}

/** Closes sockets and waits (bounded) for their close handshakes. */
export async function closeSockets(sockets: BenchSocket[], timeoutMs = 30_000) {
  await Promise.race([
    Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.ws.readyState === s.ws.CLOSED) return resolve();
            s.ws.once('close', () => resolve());
            s.ws.close(1000);
          }),
      ),
    ),
    new Promise((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
  for (const s of sockets) if (s.ws.readyState !== s.ws.CLOSED) s.ws.terminate();
}
