import WebSocket from 'ws';

export interface Frame {
  event: string;
  data: any;
}

/** A realtime client for tests: collects frames and waits for the one a test expects. */
export async function connectSocket(baseUrl: string, token: string) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/v1/ws?token=${encodeURIComponent(token)}`);
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  /** Resolves with the first frame (already received or coming) that matches, or fails after `ms`. */
  function next(event: string, where: (data: any) => boolean = () => true, ms = 5000): Promise<Frame> {
    const match = (f: Frame) => f.event === event && where(f.data);
    const seen = frames.find(match);
    if (seen) {
      frames.splice(frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} frame within ${ms} ms`)), ms);
      waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  return {
    ws,
    frames,
    next,
    closed,
    send: (event: string, data: unknown) => ws.send(JSON.stringify({ event, data })),
    close: () => ws.close(1000),
  };
}
