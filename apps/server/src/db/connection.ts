import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import { type Availability, createAvailability, fromDatabase, markFromDatabase } from './availability';
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
  /** Connections of the pool: open, idle, and checkouts waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Whether the database answers lately, and how often it did not (logged once per outage). */
  availability: Availability;
  close(): Promise<void>;
}

// int8 comes back as a string from node-postgres and as a number from PGlite: make both numbers.
// Every bigint the schema holds (ids, counters) stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Statements that start with this comment run as named prepared statements on PostgreSQL: each pool
 * connection parses and plans them once instead of on every call. Planning was 60% of the database's
 * time on the send path (a four-table join planned in 0.4 ms, executed in 0.05 ms). Opt-in, for the
 * few hot statements with a fixed text: every distinct text stays prepared on every connection.
 * PGlite runs them like any other statement.
 */
const PREPARE_MARK = '/* prepared */ ';
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Runs a query as a prepared statement (see PREPARE_MARK); answers its rows. */
export async function prepared<R>(
  db: Kysely<DB>,
  query: { compile(db: Kysely<DB>): CompiledQuery<R> },
): Promise<R[]> {
  const compiled = query.compile(db);
  const result = await db.executeQuery<R>({ ...compiled, sql: PREPARE_MARK + compiled.sql });
  return result.rows;
}

/**
 * Lets a pg client run marked statements by name (parsed once per connection by pg itself), and
 * marks its failures as the database's.
 */
function instrument(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.query = ((text: unknown, values?: unknown) =>
    fromDatabase(
      typeof text === 'string' && text.startsWith(PREPARE_MARK)
        ? query({ name: statementName(text), text, values })
        : query(text, values),
    )) as typeof client.query;
}

/** Connections each server process holds to PostgreSQL (docs/operations.md). */
const POOL_SIZE = 20;
/**
 * How long a checkout waits for a connection, new or free, before the request fails with 503:
 * with PostgreSQL down or every connection stuck, requests answer instead of piling up.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keepalive on every connection, so that a database host that vanished is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/** How long a statement waits for the embedded database's one session before it fails (503). */
export const PGLITE_CHECKOUT_TIMEOUT_MS = 30_000;

const COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT']);

/**
 * PGlite is one session, so Kysely gets a pool of one: each checkout waits for the previous one to
 * be released. That keeps a transaction's statements together and serialises the rest behind it.
 */
class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();
  /** Checkouts asked for and not yet released: one holds the session, the rest wait. */
  private checkouts = 0;
  constructor(
    private readonly pglite: PGlite,
    private readonly checkoutTimeoutMs = PGLITE_CHECKOUT_TIMEOUT_MS,
  ) {}

  stats() {
    return { total: 1, idle: this.checkouts === 0 ? 1 : 0, waiting: Math.max(0, this.checkouts - 1) };
  }

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    this.checkouts++;
    const released = new Promise<void>((resolve) => {
      release = () => {
        this.checkouts--;
        resolve();
      };
    });
    const ready = this.tail;
    this.tail = ready.then(() => released);
    const pglite = this.pglite;
    const client = {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        const word = sql.trimStart().slice(0, 6).toUpperCase();
        const command = (COMMANDS.has(word) ? word : 'SELECT') as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    };
    // A checkout waits for the session as long as a pool's would for a connection, then fails as
    // a busy database (503). A statement issued beside a transaction that then awaits it would
    // otherwise wait for ever, and every request behind it.
    return new Promise<PostgresPoolClient>((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        const err = new Error('timeout exceeded when trying to connect: the embedded database stayed busy');
        markFromDatabase(err);
        reject(err);
      }, this.checkoutTimeoutMs);
      void ready.then(() => {
        clearTimeout(timer);
        if (gaveUp) release();
        else resolve(client as PostgresPoolClient);
      });
    });
  }

  async end(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Where an outage is reported (once when it starts, once when it ends). */
  log?: Parameters<typeof createAvailability>[0];
  /** How long a statement waits for the embedded database's session (tests shorten it). */
  pgliteCheckoutTimeoutMs?: number;
}): Promise<Database> {
  const availability = createAvailability(options.log);
  if (options.databaseUrl) {
    // Connections are kept once opened (pg closes idle ones after 10 s by default): a new one
    // costs a backend start and the first plans of every prepared statement and function, which
    // showed as a latency spike whenever traffic picked up after a quiet moment.
    // allowExitOnIdle: kept connections do not hold a script's process open once its work is done.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // A connection that breaks (backend terminated, server restarted, network gone) emits `error`:
    // the pool's own when idle, the client's when checked out between queries. Unheard, either
    // would end the process. The pool drops a broken connection (idle at once, checked out on its
    // release) and opens a new one on the next checkout; a query on it fails and answers 503.
    const broken = (err: Error) => {
      markFromDatabase(err);
      if (!availability.failed(err)) options.log?.warn({ err }, 'database connection failed');
    };
    pool.on('error', broken);
    pool.on('connect', (client) => {
      client.on('error', broken);
      instrument(client);
      availability.recovered();
    });
    const checkout = () => fromDatabase(pool.connect());
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: { connect: checkout, end: () => pool.end() } }),
    });
    return {
      db,
      kind: 'postgres',
      availability,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      session: async (fn) => {
        const client = await checkout();
        let failure: Error | undefined;
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <R>(sql: string, params: unknown[] = []) =>
              (await client.query(sql, params)).rows as R[],
          });
        } catch (err) {
          failure = err instanceof Error ? err : new Error(String(err));
          throw err;
        } finally {
          // After a failure the session may still hold what it took (an advisory lock, an open
          // transaction): the connection is closed rather than handed to the next caller.
          client.release(failure);
        }
      },
      // Kysely ends the pool only if it ran a query itself; a script that used `session` alone
      // (migrations) would otherwise leave its connections open.
      close: async () => {
        await db.destroy();
        if (!pool.ended) await pool.end();
      },
    };
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  // pg_trgm: Discover's search index (migration 0020).
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const pool = new PGlitePool(pglite, options.pgliteCheckoutTimeoutMs);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    availability,
    poolStats: () => pool.stats(),
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
    // As with PostgreSQL: Kysely ends the pool only if it ran a query itself (see above).
    close: async () => {
      await db.destroy();
      await pool.end();
    },
  };
}
