import { creditsToDollars, type Message } from '@parlor/contract';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema';

export type MessageRow = Selectable<MessagesTable>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The message as `viewerId` may see it. Deleted messages keep their place but lose their content;
 * `hiddenForViewer` marks one the viewer hid for themselves.
 */
export function toMessage(row: MessageRow, viewerId: string, hiddenForViewer = false): Message {
  const deleted = row.deleted_at !== null;
  return {
    _id: String(row.id),
    chat_id: row.chat_id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    type: row.type,
    text: deleted || hiddenForViewer ? null : row.text,
    price: row.price,
    price_in_dollars: creditsToDollars(row.price),
    self_destruct: row.self_destruct,
    parent_message_id: row.parent_message_id === null ? null : String(row.parent_message_id),
    created_at: row.created_at.toISOString(),
    clientSideReceiveId: row.sender_id === viewerId ? row.client_send_id : null,
    is_read: row.is_read,
    read_at: iso(row.read_at),
    destruct_at: null,
    is_paid: row.price === 0,
    is_hidden: hiddenForViewer,
    is_deleted: deleted,
    system: row.system,
    media: null,
    gif_url: null,
    gif_width: null,
    gif_height: null,
  };
}
