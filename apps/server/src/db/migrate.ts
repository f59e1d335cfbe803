import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: every server process agrees on it, so only one migrates at a time. */
const MIGRATION_LOCK = 7_317_001;

/** A migration that failed: it was rolled back, and the ones before it stay applied. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    reason: string,
    cause: unknown,
  ) {
    super(`Migration ${file} failed and was rolled back: ${reason}`, { cause });
    this.name = 'MigrationError';
  }
}

/** The migrations this version knows, in the order they apply. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
}

export const SCHEMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);`;

/** A migration's statements and the row that records it, to run inside a transaction. */
export function migrationScript(file: string): string {
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  const name = file.replace(/'/g, "''");
  return `${sql}\nINSERT INTO schema_migrations (name) VALUES ('${name}');`;
}

/**
 * Applies migrations/NNNN_name.sql in order, each once and in its own transaction, identically on
 * PGlite and PostgreSQL. Merged migrations never change; a new change is a new file.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = migrationFiles();
  return database.session(async (session) => {
    await session.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await session.exec(SCHEMA_MIGRATIONS_TABLE);
      const rows = await session.query<{ name: string }>('SELECT name FROM schema_migrations');
      const done = new Set(rows.map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        try {
          await session.exec(`BEGIN;\n${migrationScript(file)}\nCOMMIT;`);
        } catch (error) {
          // The operator needs the file's name: the server refuses to start on it (docs/operations.md).
          const reason = error instanceof Error ? error.message : String(error);
          throw new MigrationError(file, reason, error);
        }
        applied.push(file);
      }
      return applied;
    } catch (error) {
      await session.exec('ROLLBACK;').catch(() => undefined);
      throw error;
    } finally {
      await session.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
