import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export interface Session {
  /** Runs a multi-statement SQL script. */
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  db: Kysely<DB>;
  /** Runs `fn` on one database session, e.g. to hold a session-level advisory lock. */
  session<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// int8 comes back as a string from node-postgres and as a number from PGlite: make both numbers.
// Every bigint the schema holds (ids, counters) stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

const COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT']);

/**
 * PGlite is one session, so Kysely gets a pool of one: each checkout waits for the previous one to
 * be released. That keeps a transaction's statements together and serialises the rest behind it.
 */
class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();
  constructor(private readonly pglite: PGlite) {}

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail;
    this.tail = ready.then(() => released);
    const pglite = this.pglite;
    return ready.then(() => ({
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        const word = sql.trimStart().slice(0, 6).toUpperCase();
        const command = (COMMANDS.has(word) ? word : 'SELECT') as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    })) as Promise<PostgresPoolClient>;
  }

  async end(): Promise<void> {
    await this.pglite.close();
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      session: async (fn) => {
        const client = await pool.connect();
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <R>(sql: string, params: unknown[] = []) =>
              (await client.query(sql, params)).rows as R[],
          });
        } finally {
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    session: async (fn) => {
      // Checked out of the pool, so a session never interleaves with a transaction.
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => {
            await pglite.exec(sql);
          },
          query: async <R>(sql: string, params: unknown[] = []) => (await pglite.query<R>(sql, params)).rows,
        });
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}
