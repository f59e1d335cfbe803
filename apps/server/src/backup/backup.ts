import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/connection';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveWriter,
  type Manifest,
  mediaEntryName,
  readArchive,
} from './archive';
import { type DumpHooks, dumpDatabase } from './dump';
import { mediaSet } from './media';
import { BACKUP_SOCKET, requestBackup } from './socket';

/**
 * Streams a whole backup into `out`: the database's snapshot first, then every media file stored
 * once the snapshot is taken. Media is written before any row names it, so every file the
 * snapshot's rows name is there when the media is read.
 */
export async function writeBackup(
  database: Database,
  config: Config,
  out: Writable,
  options: DumpHooks & { signal?: AbortSignal } = {},
): Promise<Manifest> {
  const writer = new ArchiveWriter();
  const abort = () => writer.cancel(new Error('the backup was cancelled: the server is closing'));
  options.signal?.addEventListener('abort', abort, { once: true });
  const written = pipeline(writer.pack, out);
  written.catch(() => undefined);
  try {
    const createdAt = new Date().toISOString();
    const snapshot = await database.session((session) => dumpDatabase(session, writer, options));
    const media = mediaSet(config);
    let files = 0;
    let bytes = 0;
    for await (const file of media.list()) {
      // Removed since it was listed (media deleted after the snapshot): nothing to keep.
      const opened = await media.open(file);
      if (!opened) continue;
      await writer.addStream(
        mediaEntryName(file.space, file.key),
        opened.size,
        opened.body,
        opened.contentType,
      );
      files++;
      bytes += opened.size;
    }
    const manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: createdAt,
      source: { database: database.kind, media: media.kind },
      ...snapshot,
      media: { files, bytes },
    } satisfies Omit<Manifest, 'entries'>;
    await writer.finish(manifest);
    await written;
    return { ...manifest, entries: writer.entries };
  } catch (err) {
    writer.cancel(err as Error);
    throw err;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}

/** A backup the command could not make; the message says why, in one line. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * `npm run backup -- FILE`: writes the archive beside FILE and renames it into place once it is
 * whole and reads back with every checksum right, so FILE is never a partial backup. With the
 * embedded database the running server makes it (it alone can open the database), reached
 * through DATA_DIR/backup.sock; with no server answering there the command opens the database
 * itself.
 */
export async function backupToFile(
  config: Config,
  file: string,
): Promise<{ manifest: Manifest; via: 'server' | 'direct' }> {
  const partial = `${file}.partial`;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  try {
    let via: 'server' | 'direct' = 'direct';
    if (!config.databaseUrl) {
      const answered = await toFile(partial, (out) =>
        requestBackup(path.join(config.dataDir, BACKUP_SOCKET), out),
      );
      if (answered) via = 'server';
    }
    if (via === 'direct') {
      if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION')))
        throw new BackupError(`Backup failed: there is no database in ${path.join(config.dataDir, 'db')}.`);
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        await toFile(partial, async (out) => {
          await writeBackup(database, config, out);
          return true;
        });
      } finally {
        await database.close();
      }
    }
    const manifest = await readArchive(partial, async (entry) => {
      entry.stream.resume();
    });
    await fsp.rename(partial, file);
    return { manifest, via };
  } catch (err) {
    await fsp.rm(partial, { force: true });
    throw err;
  }
}

/** Runs `produce` into a new file readable by its owner alone; false (and no file) when it declined. */
async function toFile(file: string, produce: (out: Writable) => Promise<boolean>): Promise<boolean> {
  await fsp.rm(file, { force: true });
  const out = fs.createWriteStream(file, { mode: 0o600, flags: 'wx' });
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', reject);
  });
  let produced = false;
  try {
    produced = await produce(out);
    if (!out.writableFinished) await new Promise<void>((resolve) => out.end(resolve));
    if (produced) {
      const handle = await fsp.open(file, 'r');
      await handle.sync();
      await handle.close();
    }
  } finally {
    if (!out.closed) out.destroy();
    if (!produced) await fsp.rm(file, { force: true });
  }
  return produced;
}
