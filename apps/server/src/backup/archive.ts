import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/**
 * A backup archive is a tar file: the database's rows (`db/{table}.{n}.ndjson.gz`, one JSON object
 * per row), then the media files (`media/files/{key}`, `media/avatars/{key}`), then manifest.json,
 * which lists every entry with its size and SHA-256. The manifest comes last because a file's
 * checksum is known only once it has been read; an archive without it is a truncated one.
 */
export const ARCHIVE_FORMAT = 'parlor-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface SequenceValue {
  last_value: string;
  is_called: boolean;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  /** Where it was taken from: the embedded database or PostgreSQL, local files or S3. */
  source: { database: 'pglite' | 'postgres'; media: 'local' | 's3' };
  /** schema_migrations of the snapshot, in order: restore builds the same schema before loading. */
  migrations: string[];
  /** Rows per table in the snapshot, schema_migrations left out (it is `migrations`). */
  tables: Record<string, number>;
  sequences: Record<string, SequenceValue>;
  media: { files: number; bytes: number };
  /** content_type: a media file's, as its storage had it (S3); restore finds it from the bytes otherwise. */
  entries: { name: string; size: number; sha256: string; content_type?: string }[];
}

/** An archive that cannot be trusted: restore stops before writing anything. */
export class DamagedArchiveError extends Error {
  constructor(detail: string) {
    super(`The archive is damaged or incomplete (${detail}): nothing was restored; use another copy.`);
    this.name = 'DamagedArchiveError';
  }
}

const DB_ENTRY = /^db\/([a-z_][a-z0-9_]*)\.(\d+)\.ndjson\.gz$/;
const MEDIA_ENTRY = /^media\/(files|avatars)\/([A-Za-z0-9_-]+[/.][a-z]+)$/;

export type EntryKind =
  | { kind: 'db'; table: string; part: number }
  | { kind: 'media'; space: 'files' | 'avatars'; key: string }
  | { kind: 'manifest' };

export function entryKind(name: string): EntryKind | null {
  if (name === MANIFEST) return { kind: 'manifest' };
  const db = DB_ENTRY.exec(name);
  if (db) return { kind: 'db', table: db[1]!, part: Number(db[2]) };
  const media = MEDIA_ENTRY.exec(name);
  if (media) return { kind: 'media', space: media[1] as 'files' | 'avatars', key: media[2]! };
  return null;
}

export const dbEntryName = (table: string, part: number) =>
  `db/${table}.${String(part).padStart(5, '0')}.ndjson.gz`;
export const mediaEntryName = (space: 'files' | 'avatars', key: string) => `media/${space}/${key}`;

/** Writes entries into a tar stream, noting each one's size and checksum for the manifest. */
export class ArchiveWriter {
  readonly pack = tar.pack();
  readonly entries: Manifest['entries'] = [];
  /** Rejects once the tar stream is gone (its reader failed or the backup was cancelled). */
  private readonly stopped: Promise<never>;

  constructor() {
    let failure: Error | undefined;
    this.pack.on('error', (err: Error) => {
      failure = err;
    });
    this.stopped = new Promise<never>((_, reject) => {
      this.pack.on('close', () => reject(failure ?? new Error('the backup stream was closed')));
    });
    this.stopped.catch(() => undefined);
  }

  /** Stops the archive: the entry being written and every later one fail with `reason`. */
  cancel(reason: Error) {
    this.pack.destroy(reason);
  }

  /** An entry's write, or the failure that stopped the stream, whichever comes first. */
  private settle(write: Promise<void>): Promise<void> {
    return Promise.race([write, this.stopped]);
  }

  addBuffer(name: string, body: Buffer): Promise<void> {
    this.entries.push({ name, size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    return this.settle(
      new Promise((resolve, reject) => {
        this.pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) =>
          err ? reject(err) : resolve(),
        );
      }),
    );
  }

  /** A stream of exactly `size` bytes (tar needs the size first; a different length is an error). */
  async addStream(name: string, size: number, body: Readable, contentType?: string): Promise<void> {
    const hash = createHash('sha256');
    const done = new Promise<void>((resolve, reject) => {
      const sink = this.pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
      body.on('data', (chunk: Buffer) => hash.update(chunk));
      body.on('error', (err) => sink.destroy(err));
      body.pipe(sink as unknown as Writable);
    });
    try {
      await this.settle(done);
    } catch (err) {
      body.destroy();
      throw err;
    }
    this.entries.push({
      name,
      size,
      sha256: hash.digest('hex'),
      ...(contentType ? { content_type: contentType } : {}),
    });
  }

  async finish(manifest: Omit<Manifest, 'entries'>): Promise<void> {
    const full: Manifest = { ...manifest, entries: this.entries };
    const body = Buffer.from(JSON.stringify(full, null, 2));
    await this.settle(
      new Promise<void>((resolve, reject) => {
        this.pack.entry({ name: MANIFEST, size: body.length, mode: 0o600 }, body, (err) =>
          err ? reject(err) : resolve(),
        );
      }),
    );
    this.pack.finalize();
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  kind: EntryKind;
  /** The entry's bytes; each entry must be read to its end (or drained) before the next. */
  stream: Readable;
}

/**
 * Reads an archive's entries in order, checking each against the manifest; `onEntry` sees an
 * entry's bytes as they come and the check runs once they are all read. Without `manifest`
 * (the first pass) the manifest is taken from the archive's end and every entry checked there.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
  manifest?: Manifest,
): Promise<Manifest> {
  const seen: Manifest['entries'] = [];
  let found: Manifest | undefined;
  const extract = tar.extract();
  const source = fs.createReadStream(file);
  const feeding = pipeline(source, extract as unknown as Writable).catch((err: Error) => {
    throw new DamagedArchiveError(describeTarError(err));
  });
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      if (found) throw new DamagedArchiveError(`${name} after the manifest`);
      const kind = type === 'file' ? entryKind(name) : null;
      if (!kind) throw new DamagedArchiveError(`unexpected entry ${name}`);
      if (kind.kind === 'manifest') {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        found = parseManifest(Buffer.concat(chunks));
        continue;
      }
      const listed = manifest?.entries.find((e) => e.name === name);
      if (manifest && !listed) throw new DamagedArchiveError(`${name} is not in the manifest`);
      const hash = createHash('sha256');
      let bytes = 0;
      const tap = new PassThrough();
      // The consumer's failure is its own (a bucket refusing a file), not the archive's damage.
      const consumer = onEntry({ name, size, kind, stream: tap }).catch((err: unknown) => {
        tap.destroy();
        throw new ConsumerError(err);
      });
      consumer.catch(() => undefined);
      for await (const chunk of entry) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        if (!tap.write(chunk))
          await Promise.race([new Promise((resolve) => tap.once('drain', resolve)), consumer]);
      }
      tap.end();
      await consumer;
      const digest = hash.digest('hex');
      if (bytes !== size) throw new DamagedArchiveError(`${name} is cut short`);
      if (listed && listed.sha256 !== digest) throw new DamagedArchiveError(`${name} fails its checksum`);
      seen.push({ name, size, sha256: digest });
    }
    await feeding;
  } catch (err) {
    source.destroy();
    await feeding.catch(() => undefined);
    if (err instanceof DamagedArchiveError) throw err;
    if (err instanceof ConsumerError) throw err.reason;
    throw new DamagedArchiveError(describeTarError(err as Error));
  }
  const final = manifest ?? found;
  if (!final) throw new DamagedArchiveError('no manifest: the file ends early');
  checkEntries(final, seen);
  return final;
}

class ConsumerError extends Error {
  constructor(readonly reason: unknown) {
    super('the entry could not be used');
  }
}

function describeTarError(err: Error): string {
  if (/unexpected end/i.test(err.message)) return 'the file ends early';
  if (/header|checksum/i.test(err.message)) return 'a tar header is invalid';
  return err.message;
}

function parseManifest(body: Buffer): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new DamagedArchiveError('the manifest is not valid JSON');
  }
  const m = value as Partial<Manifest>;
  if (m?.format !== ARCHIVE_FORMAT) throw new DamagedArchiveError('not a Parlor backup');
  if (
    typeof m.version !== 'number' ||
    !Array.isArray(m.migrations) ||
    !Array.isArray(m.entries) ||
    typeof m.tables !== 'object' ||
    typeof m.sequences !== 'object'
  )
    throw new DamagedArchiveError('the manifest is incomplete');
  return m as Manifest;
}

function checkEntries(manifest: Manifest, seen: Manifest['entries']) {
  const bySeen = new Map(seen.map((e) => [e.name, e]));
  if (bySeen.size !== seen.length) throw new DamagedArchiveError('an entry appears twice');
  for (const listed of manifest.entries) {
    const got = bySeen.get(listed.name);
    if (!got) throw new DamagedArchiveError(`${listed.name} is missing`);
    if (got.size !== listed.size || got.sha256 !== listed.sha256)
      throw new DamagedArchiveError(`${listed.name} fails its checksum`);
  }
  if (seen.length !== manifest.entries.length)
    throw new DamagedArchiveError('an entry is not in the manifest');
}
