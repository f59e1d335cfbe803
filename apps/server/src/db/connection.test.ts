import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability';
import { type Database, openDatabase } from './connection';

describe('the embedded database', () => {
  let database: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails a statement issued beside a transaction that awaits it as unavailable, and serves on', {
    timeout: 60_000,
  }, async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-pglite-'));
    database = await openDatabase({ dataDir: dir, pgliteCheckoutTimeoutMs: 300 });
    const { db } = database;
    // The transaction holds the one session; the statement beside it can never have it.
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sql`select 2`.execute(db);
        return 'answered';
      })
      .catch((err: unknown) => err);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // The session was handed back: the next statement runs at once.
    const { rows } = await sql<{ n: number }>`select 3 as n`.execute(db);
    expect(rows).toEqual([{ n: 3 }]);
  });
});
