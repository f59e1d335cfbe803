import fs from 'node:fs';
import { VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { describe, expect, it } from 'vitest';

describe('inbox counters', () => {
  it('count VIPs at the same spend as the VIP tab', () => {
    // The migrations write the threshold as a literal; a changed constant needs a new migration.
    // 0008 redefines 0007's inbox_contribution: the newest definition is the one that counts.
    for (const file of ['0007_inbox_counters.sql', '0008_inbox_counter_functions.sql']) {
      const migration = fs.readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8');
      expect(migration).toContain(`m.spent_credits >= ${VIP_MIN_SPENT_CREDITS})`);
    }
  });
});
