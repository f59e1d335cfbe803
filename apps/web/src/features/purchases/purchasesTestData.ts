import type { Message, Purchase } from '@parlor/contract';
import { uploadedPhoto } from '../media/mediaTestData';

// Test data for the purchases screen: a bought photo from seller `seller`.

export const message = (id: string, seller = 's1'): Message => ({
  _id: id,
  chat_id: `chat-${seller}`,
  sender_id: seller,
  recipient_id: 'fan',
  type: 'image',
  text: null,
  price: 30,
  price_in_dollars: '3.00',
  self_destruct: false,
  parent_message_id: null,
  broadcast_id: null,
  parent_message: null,
  created_at: '2026-11-01T10:00:00.000Z',
  clientSideReceiveId: null,
  is_read: true,
  read_at: null,
  destruct_at: null,
  is_paid: true,
  is_hidden: false,
  is_deleted: false,
  system: false,
  media: uploadedPhoto.media,
  gif_url: null,
  gif_width: null,
  gif_height: null,
  author: { kind: 'creator', member_id: null, username: null },
});
export const purchase = (id: string, hidden = false, seller = 's1'): Purchase => ({
  _id: id,
  message_id: id,
  chat_id: `chat-${seller}`,
  seller_id: seller,
  price: 30,
  price_in_dollars: '3.00',
  created_at: '2026-11-01T10:00:00.000Z',
  is_hidden: hidden,
  message: message(id, seller),
});
