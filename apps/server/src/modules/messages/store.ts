import type { ServerEventData } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { type MessageRow, messageFor } from './dto';

type Trx = Kysely<DB>;

const ordered = (a: string, b: string) => (a < b ? [a, b] : [b, a]) as [string, string];

/** Finds the pair's chat or creates it with both members' rows; safe against concurrent creation. */
export async function getOrCreateChat(trx: Trx, userA: string, userB: string): Promise<string> {
  const [low, high] = ordered(userA, userB);
  await trx
    .insertInto('chats')
    .values({ user_low: low, user_high: high })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .execute();
  const chat = await trx
    .selectFrom('chats')
    .select('id')
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirstOrThrow();
  // Each member row notes whether the other side is the system (support) account: part 1 §9 pins it.
  await sql`
    INSERT INTO chat_members (chat_id, user_id, other_user_id, other_is_system)
    SELECT ${chat.id}, me.id, other.id, other.role = 'admin'
    FROM users me JOIN users other ON other.id = CASE WHEN me.id = ${low}::uuid THEN ${high}::uuid ELSE ${low}::uuid END
    WHERE me.id IN (${low}::uuid, ${high}::uuid)
    ON CONFLICT (user_id, other_user_id) DO NOTHING`.execute(trx);
  return chat.id;
}

export interface NewMessage {
  chatId: string;
  senderId: string;
  recipientId: string;
  type: MessageRow['type'];
  text?: string | null;
  price?: number;
  selfDestruct?: boolean;
  parentMessageId?: number | null;
  clientSendId?: string | null;
  system?: boolean;
  /** Media of image and video messages (a `media` row of the sender's). */
  mediaId?: number | null;
  gif?: { url: string; width: number | null; height: number | null } | null;
  /** Free self-destructing content disappears at this time; paid content gets it at purchase. */
  destructAt?: Date | null;
}

/**
 * Stores a message and moves both members' inbox state in the same transaction: the sender's row
 * shows it as sent, the recipient's gains an unread message and comes back if hidden.
 */
export async function appendMessage(trx: Trx, m: NewMessage): Promise<MessageRow> {
  const row = await trx
    .insertInto('messages')
    .values({
      chat_id: m.chatId,
      sender_id: m.senderId,
      recipient_id: m.recipientId,
      type: m.type,
      text: m.text ?? null,
      price: m.price ?? 0,
      self_destruct: m.selfDestruct ?? false,
      parent_message_id: m.parentMessageId ?? null,
      client_send_id: m.clientSendId ?? null,
      system: m.system ?? false,
      media_id: m.mediaId ?? null,
      gif_url: m.gif?.url ?? null,
      gif_width: m.gif?.width ?? null,
      gif_height: m.gif?.height ?? null,
      destruct_at: m.destructAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const last = {
    last_message_id: row.id,
    last_message_at: row.created_at,
    last_sender_id: m.senderId,
    hidden: false,
  };
  // Both member rows are locked in user-id order, so two messages crossing in one chat (each side
  // sending at once) cannot deadlock.
  const updates = [
    { userId: m.senderId, set: last },
    { userId: m.recipientId, set: { ...last, unread_messages: sql<number>`unread_messages + 1` } },
  ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  for (const u of updates) {
    await trx
      .updateTable('chat_members')
      .set(u.set)
      .where('chat_id', '=', m.chatId)
      .where('user_id', '=', u.userId)
      .execute();
  }
  return row;
}

/** Unread totals of a user across visible chats (all, and favourites only). */
export async function unreadTotals(db: Trx, userId: string): Promise<ServerEventData<'unread_messages'>> {
  const row = await db
    .selectFrom('chat_members')
    .select([
      sql<number>`COALESCE(SUM(unread_messages), 0)::int`.as('all'),
      sql<number>`COALESCE(SUM(unread_messages) FILTER (WHERE is_favorite), 0)::int`.as('favorites'),
    ])
    .where('user_id', '=', userId)
    .where('unread_messages', '>', 0)
    .where('hidden', '=', false)
    .executeTakeFirstOrThrow();
  return { unread_messages: row.all, unread_messages_favorites: row.favorites };
}

/**
 * After commit: the recipient gets `new_message` and fresh unread totals; the sender's other tabs
 * get the message too. Each side sees the message as they may see it.
 */
export async function publishNewMessage(
  ctx: AppContext,
  row: MessageRow,
  extra: { unread_tip?: number | null; credit_rate?: number | null; new_rate?: number | null } = {},
): Promise<void> {
  const member = await ctx.db
    .selectFrom('chat_members')
    .select('unread_messages')
    .where('chat_id', '=', row.chat_id)
    .where('user_id', '=', row.recipient_id)
    .executeTakeFirst();
  const totals = await unreadTotals(ctx.db, row.recipient_id);
  for (const viewer of [row.recipient_id, row.sender_id]) {
    // Built per viewer: a locked paid message reaches the recipient with its blurred preview only.
    const message = await messageFor(ctx, row, viewer);
    ctx.hub.publish(viewer, 'new_message', {
      sender_id: row.sender_id,
      recipient_id: row.recipient_id,
      chat_id: row.chat_id,
      message_id: String(row.id),
      text: row.deleted_at ? null : row.text,
      info: { message },
      unread_messages: viewer === row.recipient_id ? (member?.unread_messages ?? 0) : 0,
      unread_tip: extra.unread_tip ?? null,
      credit_rate: extra.credit_rate ?? null,
      new_rate: extra.new_rate ?? null,
      timestamp: row.created_at.toISOString(),
      system: row.system,
    });
  }
  ctx.hub.publish(row.recipient_id, 'unread_messages', totals);
}
