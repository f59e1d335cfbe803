import type { Message, ServerEventData } from '@parlor/contract';
import type { AppContext } from '../../context';
import { chats } from '../chats/service';
import { type MessageRow, messageFor, messagesFor } from './dto';
import type { StoredMessage } from './repository';

// Realtime events of new messages, for every module that stores them (sends, tips, broadcasts,
// automatic messages): kept apart from the send path so those modules need not import it.

type EventExtra = { unread_tip?: number | null; credit_rate?: number | null; new_rate?: number | null };

/** The `new_message` event of one message as one viewer sees it. */
function newMessageEvent(
  row: MessageRow,
  message: Message,
  unread: number,
  extra: EventExtra,
): ServerEventData<'new_message'> {
  return {
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    chat_id: row.chat_id,
    message_id: String(row.id),
    text: row.deleted_at ? null : row.text,
    info: { message },
    unread_messages: unread,
    unread_tip: extra.unread_tip ?? null,
    credit_rate: extra.credit_rate ?? null,
    new_rate: extra.new_rate ?? null,
    timestamp: row.created_at.toISOString(),
    system: row.system,
  };
}

/**
 * After commit: the recipient gets `new_message` and fresh unread totals; the sender's other tabs
 * get the message too. Each side sees the message as they may see it.
 */
export async function publishNewMessage(
  ctx: AppContext,
  row: MessageRow & Partial<Pick<StoredMessage, 'recipient_unread' | 'recipient_totals'>>,
  extra: EventExtra = {},
): Promise<void> {
  const totals = row.recipient_totals ?? (await chats.unreadTotals(ctx.db, row.recipient_id));
  const unread =
    row.recipient_unread ?? (await chats.member(ctx.db, row.chat_id, row.recipient_id))?.unread_messages ?? 0;
  for (const viewer of [row.recipient_id, row.sender_id]) {
    // Built per viewer: a locked paid message reaches the recipient with its blurred preview only.
    const message = await messageFor(ctx, row, viewer);
    ctx.hub.publish(
      viewer,
      'new_message',
      newMessageEvent(row, message, viewer === row.recipient_id ? unread : 0, extra),
    );
  }
  ctx.hub.publish(row.recipient_id, 'unread_messages', totals);
}

/**
 * After commit: many messages at once (a broadcast's batch), each to its recipient only, built in
 * one pass (one media query for all). The sender follows their progress instead of every copy.
 */
export async function publishToRecipients(ctx: AppContext, rows: StoredMessage[]): Promise<void> {
  const messages = await messagesFor(ctx, rows, (row) => row.recipient_id);
  rows.forEach((row, i) => {
    ctx.hub.publish(
      row.recipient_id,
      'new_message',
      newMessageEvent(row, messages[i] as Message, row.recipient_unread, {}),
    );
    ctx.hub.publish(row.recipient_id, 'unread_messages', row.recipient_totals);
  });
}
