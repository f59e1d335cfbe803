import type { ColumnType, Generated } from 'kysely';

// Table types of saved replies (migration 0045; schema.ts joins them into DB).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A creator's reusable reply (docs/scheduling.md). */
export interface SavedRepliesTable {
  id: Generated<string>;
  creator_id: string;
  title: string;
  text: string | null;
  /** The creator's own vault item. */
  media_id: number | null;
  price: Generated<number>;
  created_at: Timestamp;
}
