import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When PARLOR_TEST_PG or DATABASE_URL points at a PostgreSQL server, each test file gets a database
 * of its own, created here and dropped afterwards (the server outlives every run). Otherwise tests
 * run on embedded PGlite in a temporary DATA_DIR.
 */
export function postgresAdminUrl(): string | undefined {
  return process.env.PARLOR_TEST_PG || process.env.DATABASE_URL || undefined;
}

export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parlor_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // A closed pool has said goodbye but its connections may still be going: FORCE would kill
      // them mid-way, and the pool, no longer listening, would report that as an unhandled error.
      for (let i = 0; i < 40; i++) {
        const open = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1 LIMIT 1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
