import { ERRORS } from '@parlor/contract';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { assertNotFrozen, isUuid } from '../../lib/users';
import type { UserRow } from '../../plugins/auth';

/** A member's chat, addressed by chat id or by the other user's id (lists use the latter). */
async function memberChat(ctx: AppContext, userId: string, id: string) {
  if (!isUuid(id)) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  const row = await ctx.db
    .selectFrom('chat_members')
    .select(['chat_id', 'other_user_id'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('chat_id', '=', id), eb('other_user_id', '=', id)]))
    .executeTakeFirst();
  if (!row) throw notFound(ERRORS.chatNotFound, 'chat_not_found');
  return row;
}

/** POST /v1/chats/change-rate: a creator's per-message price for one fan, in credits. */
export async function changeRate(ctx: AppContext, user: UserRow, fanId: string, rate: number) {
  if (user.type !== 'featured') throw forbidden('Only creators can set a message rate.', 'not_creator');
  assertNotFrozen(user);
  const chat = await memberChat(ctx, user.id, fanId);
  await ctx.db.updateTable('chats').set({ credit_rate: rate }).where('id', '=', chat.chat_id).execute();
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

/** Notes are private to their author: a creator's notes on a fan. */
export async function createNote(ctx: AppContext, user: UserRow, chatOrUserId: string, text: string) {
  const chat = await memberChat(ctx, user.id, chatOrUserId);
  const row = await ctx.db
    .insertInto('chat_notes')
    .values({ chat_id: chat.chat_id, author_id: user.id, text })
    .returning(['id', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
  return toNote(row);
}

export async function updateNote(ctx: AppContext, user: UserRow, noteId: string, text: string) {
  if (!isUuid(noteId)) throw notFound('Note not found', 'note_not_found');
  const row = await ctx.db
    .updateTable('chat_notes')
    .set({ text, updated_at: ctx.clock.now() })
    .where('id', '=', noteId)
    .where('author_id', '=', user.id)
    .returning(['id', 'text', 'created_at'])
    .executeTakeFirst();
  if (!row) throw notFound('Note not found', 'note_not_found');
  return toNote(row);
}

export async function deleteNote(ctx: AppContext, user: UserRow, noteId: string) {
  if (!isUuid(noteId)) throw notFound('Note not found', 'note_not_found');
  const row = await ctx.db
    .deleteFrom('chat_notes')
    .where('id', '=', noteId)
    .where('author_id', '=', user.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Note not found', 'note_not_found');
}
