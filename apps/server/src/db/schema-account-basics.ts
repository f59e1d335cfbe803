import type { ColumnType, Generated } from 'kysely';

// Table types of the account basics (migrations 0032 and 0038; schema.ts joins them into DB).
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

/** A bot-check challenge spent on a sign-in or sign-up (migration 0038), kept until it expires. */
export interface BotCheckUsedTable {
  challenge: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
