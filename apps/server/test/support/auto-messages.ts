import { expect } from 'vitest';
import { photoWithGps, upload } from './media';
import type { TestServer } from './server';
import type { World } from './world';

export type Account = Awaited<ReturnType<World['creator']>>;
export interface Msg {
  _id: string;
  sender_id: string;
  text: string | null;
  type: string;
  price: number;
  media: { public_id: string; rt: string | null; blur: string | null } | null;
}

export const put = (w: World, token: string, category: string, auto_messages: unknown[]) =>
  w.api.call('PUT', '/v1/auto-messages', { token, body: { category, auto_messages } });
export const list = (w: World, token: string) => w.api.call('GET', '/v1/auto-messages', { token });
export const follow = (w: World, token: string, userId: string) =>
  w.api.call('POST', '/v1/users/following', { token, body: { user_id: userId } });
export const unfollow = (w: World, token: string, userId: string) =>
  w.api.call('DELETE', `/v1/users/following?user_id=${userId}`, { token });
export const drain = (server: TestServer) => server.app.ctx.queue.drain();

/** What the fan sees from the creator in their chat (none when there is no chat yet). */
export async function fromCreator(w: World, fan: Account, creator: Account): Promise<Msg[]> {
  const chat = await w.api.call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
  if (chat.status === 404) return [];
  const page = await w.api.call('GET', `/v1/chats/${chat.body.chat_id}/messages?limit=50`, {
    token: fan.token,
  });
  expect(page.status).toBe(200);
  return (page.body.data as Msg[]).filter((m) => m.sender_id === creator.user._id);
}

export async function photo(server: TestServer, creator: Account, colour: string) {
  const res = await upload(server.url, creator.token, await photoWithGps(200, 200, colour));
  expect(res.status).toBe(200);
  return res.body.media as { public_id: string; media_id: string };
}
