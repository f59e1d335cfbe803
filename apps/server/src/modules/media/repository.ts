import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, MediaTable } from '../../db/schema';

type Db = Kysely<DB>;
export type MediaRow = Selectable<MediaTable>;

export const mediaRepository = {
  byIds(db: Db, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as MediaRow[]);
    return db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
  },
  /** The owner's live media with this md5 (the spec's media_id). */
  byOwnerMd5(db: Db, ownerId: string, md5: string) {
    return db
      .selectFrom('media')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('md5', '=', md5.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },
  byPublicId(db: Db, publicId: string) {
    return db.selectFrom('media').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  },
  /** Stores a new media row; answers undefined when the owner already has a live file with its md5. */
  insert(db: Db, values: Insertable<MediaTable>) {
    return db
      .insertInto('media')
      .values(values)
      .onConflict((oc) => oc.columns(['owner_id', 'md5']).where('deleted_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  /** Dimensions measured by the sender's browser, kept only while the server has none. */
  async setMissingDimensions(
    db: Db,
    id: number,
    dims: { width: number; height: number; video_length: number | null },
  ) {
    await db.updateTable('media').set(dims).where('id', '=', id).where('width', 'is', null).execute();
  },

  /** The owner's live media, newest first; with `chatId`, only what they sent in that chat. */
  vaultPage(db: Db, ownerId: string, q: { limit: number; offset: number; chatId?: string | undefined }) {
    return db
      .selectFrom('media as m')
      .selectAll('m')
      .where('m.owner_id', '=', ownerId)
      .where('m.deleted_at', 'is', null)
      .$if(q.chatId !== undefined, (qb) =>
        qb.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('messages as msg')
              .select('msg.id')
              .whereRef('msg.media_id', '=', 'm.id')
              .where('msg.chat_id', '=', q.chatId as string)
              .where('msg.sender_id', '=', ownerId),
          ),
        ),
      )
      .orderBy('m.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /**
   * For the vault picker in a conversation: which of these media the owner sent to the fan (in any
   * message: a chat, a broadcast, an automatic message), and which of those the fan bought. One
   * statement for the whole page.
   */
  async marksForFan(db: Db, ownerId: string, fanId: string, mediaIds: number[]) {
    const marks = new Map<number, { sent: boolean; bought: boolean }>();
    if (mediaIds.length === 0) return marks;
    const rows = await db
      .selectFrom('messages as msg')
      .leftJoin('message_purchases as p', (join) =>
        join.onRef('p.message_id', '=', 'msg.id').on('p.buyer_id', '=', fanId),
      )
      .select(['msg.media_id', (eb) => eb.fn.count<number>('p.message_id').as('bought')])
      .where('msg.media_id', 'in', mediaIds)
      .where('msg.sender_id', '=', ownerId)
      .where('msg.recipient_id', '=', fanId)
      .groupBy('msg.media_id')
      .execute();
    for (const r of rows)
      if (r.media_id !== null) marks.set(r.media_id, { sent: true, bought: Number(r.bought) > 0 });
    return marks;
  },

  /** Marks the owner's live media among these ids or public ids deleted; answers the rows it marked. */
  markDeleted(db: Db, ownerId: string, ids: number[], publicIds: string[], now: Date) {
    return db
      .updateTable('media')
      .set({ deleted_at: now })
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('id', 'in', ids)] : []),
          ...(publicIds.length ? [eb('public_id', 'in', publicIds)] : []),
        ]),
      )
      .returning(['id', 'public_id', 'stored_bytes'])
      .execute();
  },

  /** These media's files are gone from storage: they no longer count in their owner's usage. */
  async releaseStored(db: Db, ids: number[]) {
    if (ids.length === 0) return;
    await db.updateTable('media').set({ stored_bytes: 0 }).where('id', 'in', ids).execute();
  },

  /** Which of these media some message carries. */
  async sentInMessages(db: Db, mediaIds: number[]): Promise<Set<number | null>> {
    if (mediaIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('messages')
      .select('media_id')
      .distinct()
      .where('media_id', 'in', mediaIds)
      .execute();
    return new Set(rows.map((r) => r.media_id));
  },

  /** The newest live messages that carried this media to `recipientId`, with whether each was bought. */
  receivedBy(db: Db, mediaId: number, recipientId: string, limit: number) {
    return db
      .selectFrom('messages as msg')
      .leftJoin('message_purchases as p', 'p.message_id', 'msg.id')
      .selectAll('msg')
      .select('p.message_id as purchased')
      .where('msg.media_id', '=', mediaId)
      .where('msg.recipient_id', '=', recipientId)
      .where('msg.deleted_at', 'is', null)
      .where('msg.destructed_at', 'is', null)
      .orderBy('msg.id', 'desc')
      .limit(limit)
      .execute();
  },
};
