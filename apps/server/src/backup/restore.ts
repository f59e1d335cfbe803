import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/connection';
import { migrate, migrationFiles } from '../db/migrate';
import { ARCHIVE_VERSION, type Manifest, readArchive } from './archive';
import { DatabaseLoader } from './dump';
import { mediaSet, type Space } from './media';

/** A restore refused before anything was written; the message says why and what to do. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations this version ran after loading an archive of an older one. */
  migrated: string[];
}

/**
 * `npm run restore -- FILE` into an empty instance: the archive is read through once and every
 * checksum checked, the target checked empty, and only then is anything written. The rows load in
 * one transaction; media first, removed again if the rows fail. An archive of an older version
 * loads into its own schema and the later migrations then run on it, as at a start.
 */
export async function restoreFromFile(config: Config, file: string): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`Restore refused: ${file} does not exist.`);
  const manifest = await readArchive(file, async (entry) => {
    entry.stream.resume();
  });
  checkVersion(manifest);
  await checkEmpty(config);

  const media = mediaSet(config);
  const dbDir = path.join(config.dataDir, 'db');
  const scratch = path.join(config.dataDir, 'tmp', `restore-${randomBytes(4).toString('hex')}`);
  const stored: { space: Space; key: string }[] = [];
  let database: Database | undefined;
  try {
    await fsp.mkdir(scratch, { recursive: true });
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.session(async (session) => {
      await session.exec('BEGIN');
      try {
        const loader = new DatabaseLoader(session);
        await loader.begin(manifest.migrations);
        await readArchive(
          file,
          async (entry) => {
            if (entry.kind.kind === 'db') {
              const chunks: Buffer[] = [];
              for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
              await loader.load(entry.kind.table, Buffer.concat(chunks));
            } else if (entry.kind.kind === 'media') {
              const { space, key } = entry.kind;
              const temp = path.join(scratch, 'file');
              await pipeline(entry.stream, fs.createWriteStream(temp, { mode: 0o600 }));
              const type = manifest.entries.find((e) => e.name === entry.name)?.content_type;
              await media.put(space, key, temp, type);
              stored.push({ space, key });
              await fsp.rm(temp, { force: true });
            }
          },
          manifest,
        );
        await loader.finish(manifest);
        await session.exec('COMMIT');
      } catch (err) {
        await session.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  } catch (err) {
    // Back to the empty target it was: the media put so far, the embedded database made here.
    for (const space of ['files', 'avatars'] as const) {
      const keys = stored.filter((s) => s.space === space).map((s) => s.key);
      if (keys.length > 0) await media.remove(space, keys).catch(() => undefined);
    }
    await database?.close().catch(() => undefined);
    database = undefined;
    if (!config.databaseUrl) await fsp.rm(dbDir, { recursive: true, force: true });
    throw err;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
    await fsp.rmdir(path.dirname(scratch)).catch(() => undefined);
  }
  const restored = database;
  try {
    const migrated = await migrate(restored);
    return { manifest, migrated };
  } finally {
    await restored.close();
  }
}

function checkVersion(manifest: Manifest) {
  if (manifest.version > ARCHIVE_VERSION)
    throw new RestoreRefusedError(
      `Restore refused: the archive's format (version ${manifest.version}) is newer than this version of Parlor reads (${ARCHIVE_VERSION}): restore it with the version that wrote it, or a later one.`,
    );
  const known = new Set(migrationFiles());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new RestoreRefusedError(
      `Restore refused: the archive comes from a newer version of Parlor (its schema has ${unknown.length} migration(s) this version does not know, first ${unknown[0]}): upgrade Parlor, then restore.`,
    );
}

/** Refuses a target that holds anything: a restore never merges into, or overwrites, an instance. */
async function checkEmpty(config: Config) {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const found = await database.session((s) =>
        s.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') ORDER BY c.relname LIMIT 1`,
        ),
      );
      if (found.length > 0)
        throw new RestoreRefusedError(
          `Restore refused: the database at DATABASE_URL is not empty (it has tables, e.g. ${found[0]!.name}): restore into a new, empty database, before any server starts on it.`,
        );
    } finally {
      await database.close();
    }
  } else {
    const dbDir = path.join(config.dataDir, 'db');
    const entries = await fsp.readdir(dbDir).catch(() => []);
    if (entries.length > 0)
      throw new RestoreRefusedError(
        `Restore refused: ${dbDir} already holds a database: restore into an empty DATA_DIR, with no server running on it.`,
      );
  }
  const media = mediaSet(config);
  if (!(await media.isEmpty()))
    throw new RestoreRefusedError(
      `Restore refused: the media storage (${media.where}) already holds files: restore into empty media storage.`,
    );
}
