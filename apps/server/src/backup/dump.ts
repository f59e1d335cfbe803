import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Session } from '../db/connection';
import { migrationScript, SCHEMA_MIGRATIONS_TABLE } from '../db/migrate';
import {
  type ArchiveWriter,
  DamagedArchiveError,
  dbEntryName,
  type Manifest,
  type SequenceValue,
} from './archive';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Rows read per round trip, and the uncompressed size at which a table's entry is cut. */
const FETCH_ROWS = 1000;
const ENTRY_BYTES = 4 * 1024 * 1024;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableShape {
  name: string;
  /** Stored columns: generated ones are computed again on load. */
  columns: string[];
}

async function tablesOf(session: Session): Promise<TableShape[]> {
  const rows = await session.query<{ name: string; columns: string }>(
    `SELECT c.relname AS name, json_agg(a.attname::text ORDER BY a.attnum)::text AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return rows.map((r) => ({ name: r.name, columns: JSON.parse(r.columns) as string[] }));
}

async function sequencesOf(session: Session): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

export type DumpResult = Pick<Manifest, 'migrations' | 'tables' | 'sequences'>;

export interface DumpHooks {
  /** Called after each table is read, inside the snapshot (tests write in between). */
  afterTable?: (table: string) => Promise<void>;
}

/**
 * Writes every table of the schema into the archive from one REPEATABLE READ READ ONLY
 * transaction, so the rows of all tables are those of a single moment however long the reading
 * takes and whatever is written meanwhile. Values go out as PostgreSQL's own JSON of each row
 * (never parsed here, so bigints, numerics and timestamps keep every digit), the same on
 * PGlite and PostgreSQL, so either restores into the other.
 */
export async function dumpDatabase(session: Session, writer: ArchiveWriter, hooks: DumpHooks = {}) {
  await session.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const known = await session.query<{ found: boolean }>(
      `SELECT to_regclass('public.schema_migrations') IS NOT NULL AS found`,
    );
    if (!known[0]?.found) throw new Error('the database has no Parlor schema (schema_migrations is missing)');
    const migrations = (
      await session.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    ).map((r) => r.name);
    const tables: Record<string, number> = {};
    for (const table of await tablesOf(session)) {
      tables[table.name] = await dumpTable(session, writer, table);
      await hooks.afterTable?.(table.name);
    }
    // Sequences are outside transactions: a value read now may be past the snapshot's rows,
    // which only leaves a gap in the ids after restore, never a repeat.
    const sequences: Record<string, SequenceValue> = {};
    for (const name of await sequencesOf(session)) {
      const [row] = await session.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text AS last_value, is_called FROM public.${quote(name)}`,
      );
      if (row) sequences[name] = { last_value: row.last_value, is_called: row.is_called };
    }
    await session.exec('COMMIT');
    return { migrations, tables, sequences } satisfies DumpResult;
  } catch (err) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function dumpTable(session: Session, writer: ArchiveWriter, table: TableShape): Promise<number> {
  const columns = table.columns.map(quote).join(', ');
  await session.exec(
    `DECLARE parlor_backup NO SCROLL CURSOR FOR
       SELECT row_to_json(r)::text AS j FROM (SELECT ${columns} FROM public.${quote(table.name)}) r`,
  );
  let count = 0;
  let part = 0;
  let lines: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    await writer.addBuffer(dbEntryName(table.name, part++), await gzip(`${lines.join('\n')}\n`));
    lines = [];
    bytes = 0;
  };
  for (;;) {
    const rows = await session.query<{ j: string }>(`FETCH ${FETCH_ROWS} FROM parlor_backup`);
    if (rows.length === 0) break;
    for (const { j } of rows) {
      lines.push(j);
      bytes += j.length + 1;
      count++;
    }
    if (bytes >= ENTRY_BYTES) await flush();
  }
  await flush();
  await session.exec('CLOSE parlor_backup');
  return count;
}

/**
 * Loads an archive's rows into an empty database inside one transaction, which the caller opened
 * and commits: builds the archive's schema (its migrations, no more), empties what those
 * migrations seeded, then inserts. Foreign keys are dropped while loading and added back (and so
 * checked) at the end, so tables load in any order; user triggers are off, so counters the rows
 * carry are not counted again.
 */
export class DatabaseLoader {
  private shapes = new Map<string, TableShape>();
  private loaded = new Map<string, number>();
  private foreignKeys: { table: string; name: string; definition: string }[] = [];
  private triggered: string[] = [];

  constructor(private readonly session: Session) {}

  async begin(migrations: readonly string[]): Promise<void> {
    const s = this.session;
    await s.exec(SCHEMA_MIGRATIONS_TABLE);
    for (const file of migrations) await s.exec(migrationScript(file));
    for (const table of await tablesOf(s)) this.shapes.set(table.name, table);
    this.foreignKeys = await s.query(
      `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY conname`,
    );
    for (const fk of this.foreignKeys)
      await s.exec(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quote(fk.name)}`);
    this.triggered = (
      await s.query<{ table: string }>(
        `SELECT DISTINCT tgrelid::regclass::text AS "table" FROM pg_trigger t
           JOIN pg_class c ON c.oid = t.tgrelid
          WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace`,
      )
    ).map((r) => r.table);
    for (const table of this.triggered) await s.exec(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    const names = [...this.shapes.keys()].map((t) => `public.${quote(t)}`);
    if (names.length > 0) await s.exec(`TRUNCATE ${names.join(', ')}`);
  }

  async load(table: string, gzipped: Buffer): Promise<void> {
    const shape = this.shapes.get(table);
    if (!shape) throw new DamagedArchiveError(`table ${table} is not in the archive's schema`);
    const text = (await gunzip(gzipped)).toString('utf8');
    const rows = text.split('\n').filter((line) => line.length > 0);
    if (rows.length === 0) return;
    // A column the schema lacks would be dropped without a word: the archive is not of this schema.
    // Only the first row's keys are read (every row of a table has the same ones).
    const known = new Set(shape.columns);
    const stray = Object.keys(JSON.parse(rows[0]!) as object).find((key) => !known.has(key));
    if (stray) throw new DamagedArchiveError(`column ${table}.${stray} is not in the archive's schema`);
    const columns = shape.columns.map(quote).join(', ');
    const [result] = await this.session.query<{ n: number }>(
      `WITH inserted AS (
         INSERT INTO public.${quote(table)} (${columns}) OVERRIDING SYSTEM VALUE
         SELECT ${columns} FROM json_populate_recordset(NULL::public.${quote(table)}, $1::json)
         RETURNING 1)
       SELECT count(*)::int AS n FROM inserted`,
      [`[${rows.join(',')}]`],
    );
    this.loaded.set(table, (this.loaded.get(table) ?? 0) + (result?.n ?? 0));
  }

  async finish(manifest: Manifest): Promise<void> {
    const s = this.session;
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const got = this.loaded.get(table) ?? 0;
      if (got !== expected)
        throw new DamagedArchiveError(`table ${table} has ${got} rows where the manifest says ${expected}`);
    }
    for (const fk of this.foreignKeys)
      await s.exec(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`);
    for (const table of this.triggered) await s.exec(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const [name, value] of Object.entries(manifest.sequences)) {
      await s.query(`SELECT setval($1::regclass, $2::bigint, $3::boolean)`, [
        `public.${quote(name)}`,
        value.last_value,
        value.is_called,
      ]);
    }
  }
}
