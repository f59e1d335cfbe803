import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

// Table types of team seats (migration 0043; schema.ts joins them into DB).
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An invite to a creator's team. */
export interface TeamInvitesTable {
  id: Generated<string>;
  creator_id: string;
  email: string;
  permissions: string[];
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface TeamMembersTable {
  id: Generated<string>;
  creator_id: string;
  member_id: string;
  permissions: string[];
  created_at: Generated<Date>;
}

export interface MessageAuthorsTable {
  message_id: number;
  kind: 'team' | 'automation';
  member_id: string | null;
}

export interface TeamActivityTable {
  id: GeneratedAlways<number>;
  creator_id: string;
  member_id: string;
  action: string;
  target: string | null;
  created_at: Generated<Date>;
}
