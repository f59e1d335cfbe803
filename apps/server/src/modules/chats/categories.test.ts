import fs from 'node:fs';
import { VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { describe, expect, it } from 'vitest';

describe('inbox counters', () => {
  it('count VIPs at the same spend as the VIP tab', () => {
    // Migration 0007 writes the threshold as a literal; a changed constant needs a new migration.
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0007_inbox_counters.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(`m.spent_credits >= ${VIP_MIN_SPENT_CREDITS})`);
  });
});
