import type { TeamAction } from '@parlor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../events/types';
import { users } from '../users/service';
import { teamRepository } from './repository';

type Body = Record<string, unknown> | undefined;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const count = (ids: unknown, noun: string) => {
  const n = typeof ids === 'string' ? ids.split(',').filter(Boolean).length : 0;
  return n > 0 ? `${n} ${noun}${n === 1 ? '' : 's'}` : null;
};

/**
 * The writes a member's seat makes that the creator's activity log keeps, by the contract's
 * endpoint name, and what each was done to. Messages are logged from `message_stored` instead,
 * which names the fan.
 */
const LOGGED: Partial<Record<string, (r: FastifyRequest) => { action: TeamAction; target: string | null }>> =
  {
    changeRate: (r) => ({ action: 'rate', target: `${(r.body as Body)?.rate ?? ''} credits per message` }),
    sendBroadcast: (r) => ({ action: 'broadcast', target: text((r.body as Body)?.category) }),
    unsendBroadcast: (r) => ({ action: 'broadcast_unsend', target: text((r.params as Body)?.id) }),
    updateBroadcast: (r) => ({ action: 'broadcast_edit', target: text((r.params as Body)?.id) }),
    putAutoMessages: (r) => ({ action: 'auto_messages', target: text((r.body as Body)?.category) }),
    setGreeting: () => ({ action: 'auto_messages', target: 'greeting' }),
    deleteGreeting: () => ({ action: 'auto_messages', target: 'greeting' }),
    uploadMedia: () => ({ action: 'vault_upload', target: null }),
    deleteFromVault: (r) => ({ action: 'vault_delete', target: count((r.query as Body)?.ids, 'item') }),
    createFeedPost: () => ({ action: 'post', target: null }),
    updateFeedPost: (r) => ({ action: 'post_edit', target: text((r.params as Body)?.id) }),
    deleteFeedPost: (r) => ({ action: 'post_delete', target: text((r.params as Body)?.id) }),
    createNote: () => ({ action: 'note', target: null }),
    updateNote: () => ({ action: 'note', target: null }),
    deleteNote: () => ({ action: 'note', target: null }),
    chatsAction: (r) => ({ action: 'chats_action', target: text((r.body as Body)?.action) }),
  };

/**
 * Keeps, for the creator, what members did in her workspace: every successful write of a seat
 * that the log names. Written after the answer; a failure to write it is logged, never the
 * member's request's.
 */
export function registerTeamActivity(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    const seat = request.auth?.seat;
    if (!seat || reply.statusCode >= 300) return;
    const name = (request.routeOptions.config as { endpoint?: string } | undefined)?.endpoint;
    const describe = name ? LOGGED[name] : undefined;
    if (!describe || !request.auth) return;
    const { action, target } = describe(request);
    await teamRepository
      .insertActivity(ctx.db, [
        { creatorId: request.auth.user.id, memberId: seat.memberId, action, target, at: ctx.clock.now() },
      ])
      .catch((err: unknown) => request.log.warn({ err }, 'team activity not recorded'));
  });
}

/** A member's message in the log, with the fan it went to. */
export async function logMemberMessage(ctx: AppContext, e: DomainEvents['message_stored']): Promise<void> {
  if (e.author?.kind !== 'team' || !e.author.memberId) return;
  const fan = await users.byId(ctx.db, e.message.recipient_id);
  await teamRepository.insertActivity(ctx.db, [
    {
      creatorId: e.message.sender_id,
      memberId: e.author.memberId,
      action: e.message.price > 0 ? 'paid_message' : 'message',
      target: fan?.username ?? null,
      at: e.message.created_at,
    },
  ]);
}
