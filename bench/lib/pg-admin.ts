import pg from 'pg';

/** Benchmarks that make their own PostgreSQL databases: admin statements and per-database URLs. */
export function pgAdmin(adminUrl: string) {
  return {
    /** Runs one statement on the admin connection (CREATE / DROP DATABASE). */
    async run(query: string) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(query);
      } finally {
        await c.end();
      }
    },
    /** The admin URL pointed at another database. */
    urlFor(db: string) {
      const u = new URL(adminUrl);
      u.pathname = `/${db}`;
      return u.toString();
    },
  };
}
