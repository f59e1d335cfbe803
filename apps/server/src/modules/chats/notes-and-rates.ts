import { ERRORS } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { assertNotFrozen, isUuid } from '../../lib/users';
import { deleteNote as deleteNoteRow, insertNote, updateNote as updateNoteRow } from './inbox-repository';
import { findMemberChat, setCreditRate } from './repository';

/** A member's chat, addressed by chat id or by the other user's id (lists use the latter). */
async function memberChat(ctx: AppContext, userId: string, id: string) {
  const row = isUuid(id) ? await findMemberChat(ctx.db, userId, id) : undefined;
  if (!row) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  return row;
}

/** POST /v1/chats/change-rate: a creator's per-message price for one fan, in credits. */
export async function changeRate(ctx: AppContext, user: UserRow, fanId: string, rate: number) {
  if (user.type !== 'featured') throw forbidden('Only creators can set a message rate.', 'not_creator');
  assertNotFrozen(user);
  const chat = await memberChat(ctx, user.id, fanId);
  await setCreditRate(ctx.db, chat.chat_id, rate);
  const event = { chat_id: chat.chat_id, user_id: user.id, new_rate: rate };
  ctx.hub.publish(chat.other_user_id, 'new_rate', event);
  ctx.hub.publish(user.id, 'new_rate', event);
  return { chat_id: chat.chat_id, rate };
}

const toNote = (r: { id: string; text: string; created_at: Date }) => ({
  _id: r.id,
  text: r.text,
  created_at: r.created_at.toISOString(),
});
const noteNotFound = () => notFound('Note not found', 'note_not_found');

/** Notes are private to their author: a creator's notes on a fan. */
export async function createNote(ctx: AppContext, user: UserRow, chatOrUserId: string, text: string) {
  const chat = await memberChat(ctx, user.id, chatOrUserId);
  return toNote(await insertNote(ctx.db, chat.chat_id, user.id, text));
}

export async function updateNote(ctx: AppContext, user: UserRow, noteId: string, text: string) {
  if (!isUuid(noteId)) throw noteNotFound();
  const row = await updateNoteRow(ctx.db, user.id, noteId, text, ctx.clock.now());
  if (!row) throw noteNotFound();
  return toNote(row);
}

export async function deleteNote(ctx: AppContext, user: UserRow, noteId: string) {
  if (!isUuid(noteId) || !(await deleteNoteRow(ctx.db, user.id, noteId))) throw noteNotFound();
}
