import { apiTest } from './api-test';
import type { TestServer } from './server';
import type { World } from './world';

/** A fan and a creator in a chat, and media calls against the test server of the calling file. */
export function mediaChat(server: TestServer, w: World) {
  return {
    async pair() {
      const fan = await w.fan();
      const creator = await w.creator();
      const chat = await w.openChat(fan.token, creator.user._id);
      return { fan, creator, chatId: chat.chat_id };
    },
    async fetchMedia(url: string, token?: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${server.url}${url}`, {
        headers: { ...(token ? { 'access-token': token } : {}), ...headers },
      });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    sendMedia(token: string, recipientId: string, publicId: string, extra: Record<string, unknown> = {}) {
      return w.api.call('POST', '/v1/messages', {
        token,
        body: { type: 'image', recipient_id: recipientId, public_id: publicId, ...extra },
      });
    },
  };
}

/**
 * `apiTest` with the media helpers as fixtures besides the server's: `pair()` (a fan and a creator
 * in a chat), `fetchMedia(url, token?)` and `sendMedia(token, recipientId, publicId, extra?)`.
 */
export function mediaTest(...args: Parameters<typeof apiTest>) {
  return apiTest(...args)
    .extend('mediaChat', { scope: 'file' }, ({ server, w }) => mediaChat(server, w))
    .extend('pair', { scope: 'file' }, ({ mediaChat }) => mediaChat.pair)
    .extend('fetchMedia', { scope: 'file' }, ({ mediaChat }) => mediaChat.fetchMedia)
    .extend('sendMedia', { scope: 'file' }, ({ mediaChat }) => mediaChat.sendMedia);
}
