import { SELF_DESTRUCT_AFTER_MS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { SELF_DESTRUCT_JOB } from '../src/modules/messages/purchases';
import { photoWithGps, upload } from './support/media';
import { mediaTest } from './support/media-chat';
import { manualClock } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
const it = mediaTest({}, { clock });

describe('vault', () => {
  it('lists the owner’s media newest first and removes it on request', async ({
    server,
    w,
    pair,
    fetchMedia,
    sendMedia,
  }) => {
    const { fan, creator, chatId } = await pair();
    const a = (await upload(server.url, creator.token, await photoWithGps(300, 200, '#111111'))).body.media;
    const b = (await upload(server.url, creator.token, await photoWithGps(300, 200, '#222222'))).body.media;
    await sendMedia(creator.token, fan.user._id, a.public_id);
    const vault = await w.api.call('GET', '/v1/media?limit=20&offset=0', { token: creator.token });
    expect(vault.body.data.map((m: { public_id: string }) => m.public_id)).toEqual([
      b.public_id,
      a.public_id,
    ]);
    expect(vault.body.data[0]).toMatchObject({ type: 'image', th: expect.any(String) });
    const inChat = await w.api.call('GET', `/v1/media?limit=20&offset=0&chat_id=${chatId}`, {
      token: creator.token,
    });
    expect(inChat.body.data.map((m: { public_id: string }) => m.public_id)).toEqual([a.public_id]);

    const ids = vault.body.data.map((m: { _id: string }) => m._id).join(',');
    const removed = await w.api.call('DELETE', `/v1/media?ids=${ids}`, { token: creator.token });
    expect(removed.body.deleted).toBe(2);
    expect((await w.api.call('GET', '/v1/media', { token: creator.token })).body.data).toEqual([]);
    // Never sent: its files are gone. Sent: the fan still sees it in the chat.
    expect((await fetchMedia(b.rt)).status).toBe(404);
    const page = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect((await fetchMedia(page.body.data.at(-1).media.rt)).status).toBe(200);
    expect((await sendMedia(creator.token, fan.user._id, b.public_id)).status).toBe(404);
  });
});

// These move the clock, so they run last.
describe('time', () => {
  it('hides self-destructing content when its time comes after the purchase', async ({
    server,
    w,
    pair,
    sendMedia,
  }) => {
    const { fan, creator, chatId } = await pair();
    const media = (await upload(server.url, creator.token, await photoWithGps(400, 400, '#998877'))).body
      .media;
    const sent = await sendMedia(creator.token, fan.user._id, media.public_id, {
      price: 10,
      self_destruct: true,
    });
    const id = sent.body.message._id;
    expect(sent.body.message.destruct_at).toBeNull();
    await w.giveCredits(fan.user._id, 10);
    const bought = await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    expect(Date.parse(bought.body.message.destruct_at)).toBe(clock.now().getTime() + SELF_DESTRUCT_AFTER_MS);

    const fanSocket = await connectSocket(server.url, fan.token);
    // The server registers a socket before its init frame: after init, nothing published is missed.
    await fanSocket.next('init');
    clock.advance(SELF_DESTRUCT_AFTER_MS + 1000);
    expect(await server.app.ctx.jobs.runNow(SELF_DESTRUCT_JOB)).toBeGreaterThanOrEqual(1);
    await fanSocket.next('message_hidden', (d) => d.message_id === id);
    const page = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.at(-1)).toMatchObject({ _id: id, media: null });
    const again = await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    expect(again.status).toBe(410);
    fanSocket.close();
  });

  it('refuses a media URL after it expires', async ({ server, w, fetchMedia }) => {
    const creator = await w.creator();
    const media = (await upload(server.url, creator.token, await photoWithGps(300, 300, '#abcdef'))).body
      .media;
    expect((await fetchMedia(media.rt, creator.token)).status).toBe(200);
    clock.advance(3 * 3_600_000 + 1000);
    const expired = await fetchMedia(media.rt, creator.token);
    expect(expired.status).toBe(410);
    // A fresh answer carries a fresh URL that works.
    const fresh = await w.api.call('GET', `/v1/users/images/public_id/${media.public_id}`, {
      token: creator.token,
    });
    expect((await fetchMedia(fresh.body.rt, creator.token)).status).toBe(200);
  });
});
