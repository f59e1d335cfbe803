import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/**
 * The embedded database is open in one process only, so a backup of it is made by the server
 * that holds it: `npm run backup` asks through this socket in DATA_DIR and the server streams the
 * archive back. The socket is the owner's alone (mode 0600), as DATA_DIR's files are.
 */
export const BACKUP_SOCKET = 'backup.sock';
const REQUEST = 'backup\n';

/**
 * Frames of the answer: a kind byte and a 4-byte length, then that many bytes. `D` carries archive
 * bytes, `E` the reason the server gave up (the command prints it), `Z` says the archive is whole.
 */
function frame(kind: 'D' | 'E' | 'Z', body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(kind, 0, 'latin1');
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

/** Whether a process answers on the socket at `file` (false: absent, or left by a process gone). */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

type Produce = (out: Writable, signal: AbortSignal) => Promise<unknown>;

/**
 * Listens on DATA_DIR/backup.sock for the server's lifetime. A socket file left by a server that
 * crashed is replaced; one another process answers on is left to it (and logged).
 */
export async function listenForBackups(
  config: Pick<Config, 'dataDir'>,
  produce: Produce,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const file = path.join(config.dataDir, BACKUP_SOCKET);
  const running = new Set<Promise<void>>();
  const cancel = new AbortController();
  if (fs.existsSync(file)) {
    if (await answers(file)) {
      log.error({ socket: file }, 'another process answers backups for this DATA_DIR: this one does not');
      return { close: async () => undefined };
    }
    await fsp.rm(file, { force: true });
  }
  const server = net.createServer((socket) => {
    const task = serve(socket, produce, cancel.signal, log);
    running.add(task);
    void task.finally(() => running.delete(task));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      // A DATA_DIR path too long for a socket (about 100 bytes), say: the server still serves.
      log.warn({ err, socket: file }, 'backups through the running server are unavailable');
      resolve(false);
    });
    server.listen(file, () => resolve(true));
  });
  if (!listening) return { close: async () => undefined };
  await fsp.chmod(file, 0o600);
  return {
    async close() {
      cancel.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...running]);
      await fsp.rm(file, { force: true });
    },
  };
}

async function serve(socket: net.Socket, produce: Produce, signal: AbortSignal, log: FastifyBaseLogger) {
  socket.on('error', () => undefined);
  const asked = await new Promise<boolean>((resolve) => {
    let got = '';
    const timer = setTimeout(() => resolve(false), 10_000);
    socket.on('data', function onData(chunk: Buffer) {
      got += chunk.toString('latin1');
      if (got.length < REQUEST.length) return;
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      resolve(got === REQUEST);
    });
    socket.once('close', () => resolve(false));
  });
  if (!asked) {
    socket.destroy();
    return;
  }
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (socket.destroyed) callback(new Error('the backup command went away'));
      else socket.write(frame('D', chunk), callback);
    },
  });
  try {
    await produce(out, signal);
    socket.end(frame('Z'));
    log.info('backup sent');
  } catch (err) {
    log.error({ err }, 'backup failed');
    if (!socket.destroyed) socket.end(frame('E', Buffer.from((err as Error).message)));
  }
}

/**
 * Asks the server on `file` for a backup and writes the archive into `out`. False when no server
 * answers there (no socket, or a stale one), so the caller opens the database itself.
 */
export async function requestBackup(file: string, out: Writable): Promise<boolean> {
  const socket = await new Promise<net.Socket | null>((resolve) => {
    const s = net.connect(file);
    s.once('connect', () => resolve(s));
    s.once('error', () => resolve(null));
  });
  if (!socket) return false;
  socket.write(REQUEST);
  await new Promise<void>((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    let finished = false;
    let failure: Error | null = null;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 5) {
        const length = buffered.readUInt32BE(1);
        if (buffered.length < 5 + length) break;
        const kind = buffered.toString('latin1', 0, 1);
        const body = buffered.subarray(5, 5 + length);
        buffered = buffered.subarray(5 + length);
        if (kind === 'D') {
          if (!out.write(body)) {
            socket.pause();
            out.once('drain', () => socket.resume());
          }
        } else if (kind === 'Z') finished = true;
        else failure = new Error(`the server's backup failed: ${body.toString('utf8')}`);
      }
    });
    socket.once('error', (err) => {
      failure ??= new Error(`the server stopped answering part way: ${err.message}`);
    });
    socket.once('close', () => {
      if (finished && !failure) out.end(() => resolve());
      else reject(failure ?? new Error('the server stopped answering part way (see its log)'));
    });
  });
  return true;
}
