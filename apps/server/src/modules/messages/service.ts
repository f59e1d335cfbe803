import {
  CONTENT_FLAGGED_MESSAGE,
  ERRORS,
  flaggedCharacters,
  isModerationPending,
  MESSAGE_PAGE_SIZE,
  type SendMessageRequest,
  VALIDATION,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { batched } from '../../db/batch';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import type { KnownAuthor } from '../../lib/seat';
import { assertCanReceivePayments, assertMayMessageFans, assertNotFrozen, isUuid } from '../../lib/users';
import { recordPaymentWarning } from '../admin/service';
import { toChat } from '../chats/dto';
import { chats, openChat } from '../chats/service';
import { balanceTooLow, idempotentStatement, ledger } from '../ledger/service';
import { resolveContent } from '../media/content';
import { users } from '../users/service';
import { messageFor, messagesFor } from './dto';
import { publishNewMessage } from './publish';
import {
  appendMessage,
  appendMessageSoon,
  appendPaidMessages,
  byIdsFor,
  findBySendId,
  findFor,
  hideFor,
  isVisibleInChat,
  markDeleted,
  type NewMessage,
  type PaidAppend,
  type PaidSend,
  pageOfChat,
  SEND_ID_TAKEN,
  type StoredMessage,
  storedMessage,
} from './repository';

type SendInput = z.output<typeof SendMessageRequest>;

export const SEND_ID_IN_OTHER_CHAT = 'This message id was already used in another chat.';

/**
 * Paid sends that arrive together share one statement and one commit (`appendPaidMessages`), as
 * free ones do. When a shared statement fails (a send id already used, a lock cycle), each send is
 * stored alone, so one send's failure is its own. A concurrent twin with the same key is retried
 * and then replays.
 */
const payAndAppendSoon = batched<PaidSend, PaidAppend>(async (db, sends) => {
  const alone = (send: PaidSend) =>
    idempotentStatement(() => appendPaidMessages(db, [send])).then(
      (r) => r[0] as PaidAppend,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
  if (sends.length === 1) return [await alone(sends[0] as PaidSend)];
  try {
    return await idempotentStatement(() => appendPaidMessages(db, sends));
  } catch {
    return Promise.all(sends.map(alone));
  }
});

/**
 * A send id its sender used before. In the same chat it is a retry: the stored message is answered
 * again (and was charged once). In another chat it is 409: answering there with this chat's message
 * would tell the client its message was delivered.
 */
async function answerRetriedSend(ctx: AppContext, user: UserRow, message: NewMessage) {
  const prior = await findBySendId(ctx.db, user.id, message.clientSendId ?? '');
  if (!prior) throw notFound('Message not found', 'message_not_found');
  if (prior.chat_id !== message.chatId) throw conflict(SEND_ID_IN_OTHER_CHAT, 'send_id_reused');
  return { message: await messageFor(ctx, prior, user.id), credits: await ledger.balance(ctx.db, user.id) };
}

/**
 * A frozen account writes only to support: a free text to an admin. Anything else is 423 with the
 * frozen message.
 */
async function assertSupportAnswer(ctx: AppContext, user: UserRow, input: SendInput) {
  const plainText = input.type === 'text' && input.price === 0 && !input.media_id && !input.public_id;
  const other =
    plainText && isUuid(input.recipient_id) ? await users.byId(ctx.db, input.recipient_id) : undefined;
  if (other?.role !== 'admin') assertNotFrozen(user);
}

export const INVALID_PARENT_MESSAGE = 'The message you are replying to is not in this chat.';

/**
 * A reply quotes a message of the same chat that its sender can see: an unknown id, one of another
 * chat, a deleted one, or one the sender hid or cleared from their history is refused.
 */
async function assertReplyable(ctx: AppContext, user: UserRow, chatId: string, parentId: number) {
  const member = await chats.member(ctx.db, chatId, user.id);
  const visible =
    member !== undefined &&
    (await isVisibleInChat(ctx.db, chatId, user.id, parentId, member.cleared_before_id));
  if (!visible) throw badRequest(INVALID_PARENT_MESSAGE, 'invalid_parent', 'parent_message_id');
}

/**
 * POST /v1/messages. The sender is always the caller. A fan pays the chat's per-message rate to the
 * creator through the ledger in the same transaction as the message. The client's send id makes a
 * retried send store (and charge) once. Photos and videos come from the sender's media (an upload
 * or the vault); a price makes them a paid message, locked for the recipient until bought.
 */
export async function sendMessage(ctx: AppContext, user: UserRow, input: SendInput, author?: KnownAuthor) {
  if (user.frozen_at) await assertSupportAnswer(ctx, user, input);
  if (input.type === 'tip') throw badRequest('Tips are sent with POST /v1/tips.', 'unsupported_type', 'type');
  const text = input.text?.trim() ?? '';
  if (input.type === 'text' && text === '') throw badRequest(VALIDATION.required, 'invalid_input', 'text');
  if (input.recipient_id === user.id) throw badRequest(ERRORS.messageSelf, 'message_self');
  const flagged = flaggedCharacters(text);
  if (flagged.length > 0) throw new DomainError(422, 'content_flagged', CONTENT_FLAGGED_MESSAGE, { flagged });

  const content = await resolveContent(ctx, user, input);
  // The common case is an existing chat: one query. A first message opens the chat, which applies
  // the chat rules (who may chat with whom, blocks, gone accounts).
  if (!isUuid(input.recipient_id)) throw notFound(ERRORS.userNotFound, 'user_not_found');
  let chat = await chats.sendTarget(ctx.db, user.id, input.recipient_id);
  if (!chat) {
    await openChat(ctx, user, input.recipient_id);
    chat = await chats.sendTarget(ctx.db, user.id, input.recipient_id);
    if (!chat) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  }
  // An existing chat with an account gone since is closed (opening it says the account is gone); a
  // block by the other member ended the chat for this sender, one's own block can be lifted.
  if (chat.other_gone) throw new DomainError(410, 'chat_closed', ERRORS.chatClosed);
  if (chat.blocked_by_other && !chat.blocked) throw forbidden(ERRORS.userEndedChat, 'user_ended_chat');
  if (chat.blocked || chat.blocked_by_other) throw forbidden(ERRORS.blocked, 'blocked');
  // Only a creator awaiting moderation pays for reading whom they write to.
  if (isModerationPending(user)) assertMayMessageFans(user, await users.byId(ctx.db, input.recipient_id));
  const chatId = chat.chat_id;
  // The recipient's privacy setting: "I block media from the other user".
  if (input.type !== 'text' && chat.other_media_blocked)
    throw forbidden(ERRORS.mediaBlocked, 'media_blocked');
  if (input.parent_message_id) await assertReplyable(ctx, user, chatId, Number(input.parent_message_id));
  const message: NewMessage = {
    chatId,
    senderId: user.id,
    recipientId: input.recipient_id,
    type: input.type,
    text: text === '' ? null : text,
    price: content.price,
    selfDestruct: input.self_destruct,
    mediaId: content.mediaId,
    gif: content.gif,
    destructAt: content.destructAt,
    parentMessageId: input.parent_message_id ? Number(input.parent_message_id) : null,
    clientSendId: input.clientSideReceiveId ?? null,
    author: author ?? null,
  };

  // Only a fan writing to a creator pays the chat's rate. A free message is one statement with no
  // transaction; a rate set after this request read the chat applies from the next message.
  const payer = user.type === 'user' && chat.other_type === 'featured';
  let stored: StoredMessage | undefined;
  let balance = user.credits;
  let charged = false;
  let newFan = false;
  if (payer && chat.credit_rate > 0) {
    await assertCanReceivePayments(ctx.db, {
      type: chat.other_type,
      requires_moderation: chat.other_requires_moderation,
      id_verification_status: chat.other_id_verification_status,
      discover_status: chat.other_discover_status,
    });
    // The rate charged is the one read with the chat at the start of this request: the rate the fan
    // saw when they pressed send, even if the creator changes it a moment later.
    const rate = chat.credit_rate;
    const result = await payAndAppendSoon(ctx.db, {
      message,
      amount: rate,
      idempotencyKey: `message:${input.clientSideReceiveId ?? crypto.randomUUID()}`,
      earningsShard: ledger.earningsShard(),
      at: ctx.clock.now(),
    }).catch((e: unknown) => {
      // The send id is taken (a retry, or the id used in another chat): nothing was charged for it.
      if ((e as { code?: string })?.code === SEND_ID_TAKEN) return undefined;
      throw e;
    });
    if (result?.outcome === 'insufficient') throw balanceTooLow(result.balance);
    if (result?.outcome === 'paid') {
      stored = result.stored;
      balance = result.balance;
      charged = true;
      newFan = result.newFan;
    }
  } else {
    stored = await appendMessageSoon(ctx.db, message);
  }
  if (!stored) return answerRetriedSend(ctx, user, message);
  await publishNewMessage(ctx, stored, { credit_rate: chat.credit_rate });
  if (charged) ctx.hub.publish(user.id, 'total_credits', { credits: balance });
  const answer = { message: await messageFor(ctx, stored, user.id), credits: balance };
  // Told once the answer is ready: the subscribers' own work (a new fan, first_message automatic
  // messages) never delays it.
  ctx.events.committed('message_stored', {
    message: stored,
    sender: { id: user.id, username: user.username },
    fanToCreator: payer,
    newFan,
    author: author ?? null,
  });
  return answer;
}

/** A page of a chat's messages (oldest first) for a member; history they cleared stays hidden. */
export async function listMessages(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  q: { limit: number; offset: number; last_message_id?: string | undefined },
) {
  if (!isUuid(chatId)) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  await chats.deliverPendingCopies(ctx.db, user.id);
  const chatRow = await chats.rowById(ctx.db, user.id, chatId);
  if (!chatRow) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  const rows = (
    await pageOfChat(ctx.db, chatId, user.id, {
      limit: q.limit,
      offset: q.offset,
      beforeId: q.last_message_id ? Number(q.last_message_id) : null,
      clearedBeforeId: chatRow.cleared_before_id,
    })
  ).reverse();
  const now = ctx.clock.now();
  const notes = await chats.notesFor(ctx.db, user.id, [chatId]);
  const oldest = rows[0];
  return {
    data: await messagesFor(ctx, rows, user.id),
    credits: await ledger.balance(ctx.db, user.id),
    chat: toChat(chatRow, notes.get(chatId) ?? [], user, now),
    next: nextLink(
      `/v1/chats/${chatId}/messages`,
      { limit: q.limit || MESSAGE_PAGE_SIZE, last_message_id: oldest?.id },
      rows.length === q.limit && oldest !== undefined,
    ),
  };
}

/**
 * POST /v1/messages/warned: the caller sent a text anyway after the payment warning; recorded for
 * moderation. Only a member of the chat may (404 for anyone else, as for reading it).
 */
export async function recordWarned(ctx: AppContext, user: UserRow, chatId: string): Promise<void> {
  const member = isUuid(chatId) ? await chats.member(ctx.db, chatId, user.id) : undefined;
  if (!member) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  await recordPaymentWarning(ctx.db, {
    user_id: user.id,
    chat_id: chatId,
    other_user_id: member.other_user_id,
    created_at: ctx.clock.now(),
  });
}

/** Messages by id, limited to chats the caller belongs to (others are silently absent). */
export async function messagesByIds(ctx: AppContext, user: UserRow, ids: string[]) {
  const rows = await byIdsFor(ctx.db, user.id, ids.map(Number));
  return { data: await messagesFor(ctx, rows, user.id) };
}

async function ownMessage(ctx: AppContext, user: UserRow, id: string) {
  const row = /^\d{1,18}$/.test(id) ? await findFor(ctx.db, user.id, Number(id)) : undefined;
  if (!row) throw notFound('Message not found', 'message_not_found');
  return row;
}

/** Hides a message from the caller's own view only. */
export async function hideForMe(ctx: AppContext, user: UserRow, id: string) {
  const row = await ownMessage(ctx, user, id);
  await hideFor(ctx.db, row.id, user.id);
  ctx.hub.publish(user.id, 'message_hidden', { chat_id: row.chat_id, message_id: String(row.id) });
  return messageFor(ctx, row, user.id, true);
}

/** Deletes a message for both sides; only its sender may. */
export async function deleteMessage(ctx: AppContext, user: UserRow, id: string) {
  const row = await ownMessage(ctx, user, id);
  if (row.sender_id !== user.id) throw forbidden(ERRORS.cannotDeleteMessage, 'cannot_delete_message');
  const deleted = await markDeleted(ctx.db, row.id, row.deleted_at ?? ctx.clock.now());
  for (const viewer of [row.sender_id, row.recipient_id]) {
    ctx.hub.publish(viewer, 'message_deleted', { chat_id: row.chat_id, message_id: String(row.id) });
  }
  return messageFor(ctx, deleted, user.id);
}

export type { NewMessage };

/**
 * What modules that write messages of their own (tips, automatic messages) ask of this one. Each is
 * one statement on the handle given, so it runs inside the caller's transaction when handed one.
 */
export const messages = {
  /** Stores a message as a send does; undefined when its send id was stored before. */
  store: appendMessage,
  /** The message its sender stored under this send id. */
  bySendId: findBySendId,
  /** One message of a chat the user belongs to. */
  ofMember: findFor,
  /** The stored row of a message another statement appended (a broadcast's copy). */
  storedRow: storedMessage,
};
