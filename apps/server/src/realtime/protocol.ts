import { ClientEvents, Frame } from '@parlor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { chats } from '../modules/chats/service';
import { sendTo } from './delivery';
import type { PresenceCounter } from './presence';

interface SocketState {
  userId: string;
  visible: boolean;
  /** chat id -> the other member, cached after the first typing event. */
  chats: Map<string, string>;
}

/**
 * What a client may say on its socket: ping (answered with pong), visibility (whether its page is
 * shown, which holds push back) and typing (passed on to the chat's other member). Anything else,
 * or anything malformed, is ignored.
 */
export function createProtocol(ctx: AppContext, presence: PresenceCounter, log: FastifyBaseLogger) {
  /** Per user, how many of this process's sockets show a visible page (push waits for none). */
  const visibleCounts = new Map<string, number>();
  const changeVisible = (userId: string, delta: number) => {
    const n = Math.max(0, (visibleCounts.get(userId) ?? 0) + delta);
    if (n > 0) visibleCounts.set(userId, n);
    else visibleCounts.delete(userId);
    presence.setVisible(userId, n).catch((err: unknown) => log.warn({ err }, 'visibility update failed'));
  };

  async function chatPartner(state: SocketState, chatId: string): Promise<string | undefined> {
    const cached = state.chats.get(chatId);
    if (cached) return cached;
    if (!/^[0-9a-f-]{36}$/i.test(chatId)) return undefined;
    const other = (await chats.member(ctx.db, chatId, state.userId))?.other_user_id;
    if (other) state.chats.set(chatId, other);
    return other;
  }

  async function onFrame(ws: WebSocket, state: SocketState, raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const frame = Frame.safeParse(json);
    if (!frame.success) return;
    switch (frame.data.event) {
      case 'ping':
        sendTo(ws, 'pong', { ts: Date.now() });
        return;
      case 'visibility': {
        const v = ClientEvents.visibility.safeParse(frame.data.data);
        if (!v.success) return;
        const visible = v.data.state === 'visible';
        if (visible !== state.visible) changeVisible(state.userId, visible ? 1 : -1);
        state.visible = visible;
        return;
      }
      case 'typing': {
        const t = ClientEvents.typing.safeParse(frame.data.data);
        if (!t.success) return;
        const other = await chatPartner(state, t.data.chat_id);
        if (!other) return;
        const event = t.data.state === 'start' ? 'typing_start' : 'typing_stop';
        ctx.hub.publish(other, event, { sender_id: state.userId, chat_id: t.data.chat_id });
        return;
      }
    }
  }

  return {
    /** Listens to a socket just attached; its page counts as visible until it says otherwise. */
    open(ws: WebSocket, userId: string): SocketState {
      const state: SocketState = { userId, visible: true, chats: new Map() };
      changeVisible(userId, 1);
      ws.on('message', (data) => {
        onFrame(ws, state, data.toString()).catch((err: unknown) => log.warn({ err }, 'socket frame failed'));
      });
      return state;
    },
    closed(state: SocketState) {
      if (state.visible) changeVisible(state.userId, -1);
    },
    /** Whether the user has a visible page on this process: a synchronous first answer. */
    visibleHere: (userId: string) => visibleCounts.has(userId),
  };
}
