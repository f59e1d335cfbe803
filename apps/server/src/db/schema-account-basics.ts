import type { ColumnType, Generated } from 'kysely';

// Table types of the account basics (migration 0032; schema.ts joins them into DB).
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A mailed password reset link: the SHA-256 of its token, its lifetime and its one use. */
export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}
