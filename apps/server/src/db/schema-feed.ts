import type { ColumnType, Generated } from 'kysely';

// Table types of the feed (migrations 0017 and 0045; schema.ts joins them into DB).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A creator's post (docs/feed.md). */
export interface FeedPostsTable {
  id: Generated<number>;
  owner_id: string;
  type: 'avatar' | 'featured' | 'image' | 'video' | 'imageOrVideo';
  text: string | null;
  media_id: number | null;
  private_feed: Generated<boolean>;
  price: Generated<number>;
  pinned: Generated<boolean>;
  created_at: Timestamp;
  /** When it appears in feeds, and what orders them: its time while scheduled, then when it appeared. */
  appears_at: Timestamp;
  /** Only its owner sees it until the publish job (or the owner) makes it appear. */
  scheduled: Generated<boolean>;
  deleted_at: NullableTimestamp;
}

export interface FeedPurchasesTable {
  post_id: number;
  buyer_id: string;
  seller_id: string;
  price: number;
  created_at: Timestamp;
}
