import type { ColumnType, Generated } from 'kysely';

// Table types of moderation (migration 0027; schema.ts joins them into DB): creator applications,
// ID documents and the admins' audit log.
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

/** A fan's application to become a creator; one per account. */
export interface CreatorApplicationsTable {
  user_id: string;
  status: Generated<ApplicationStatus>;
  message: string | null;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
  decided_by: string | null;
}

/** A photo of an ID or a selfie, stored under `{public_id}/idv` and served only to its owner and admins. */
export interface IdDocumentsTable {
  id: Generated<number>;
  public_id: string;
  user_id: string;
  kind: 'id' | 'selfie';
  size_bytes: number;
  width: number | null;
  height: number | null;
  created_at: Generated<Date>;
}

/** One admin action: who, what, on which target, when, and its details (reason, message, status). */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: string | null;
  action: string;
  target_type: 'user' | 'payout' | 'aml' | 'notice';
  target_id: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

/** An admin's platform-wide notice (migration 0033); at most one has no cleared_at. */
export interface PlatformNoticesTable {
  id: Generated<string>;
  message: string;
  created_by: string | null;
  created_at: Generated<Date>;
  cleared_at: NullableTimestamp;
}

/** A user closed this notice: it does not show to them again. */
export interface PlatformNoticeDismissalsTable {
  notice_id: string;
  user_id: string;
  dismissed_at: Generated<Date>;
}
