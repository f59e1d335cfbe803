import type { ColumnType, Generated } from 'kysely';

// Table types of fan lists (migration 0044; schema.ts joins them into DB).

/** A creator's list of fans: custom (members added by hand) or smart (its rule, the contract's ListRule). */
export interface FanListsTable {
  id: Generated<string>;
  creator_id: string;
  name: string;
  kind: 'custom' | 'smart';
  rule: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
}

export interface FanListMembersTable {
  list_id: string;
  fan_id: string;
  added_at: Generated<Date>;
}

/** What each fan spent with each creator, ever (kept by a trigger on ledger_entries; never written by code). */
export interface FanSpendingTable {
  creator_id: string;
  fan_id: string;
  credits: ColumnType<number, never, never>;
}

export interface ListTables {
  fan_lists: FanListsTable;
  fan_list_members: FanListMembersTable;
  fan_spending: FanSpendingTable;
}
