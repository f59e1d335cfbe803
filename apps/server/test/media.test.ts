import { ERRORS, MEDIA, type Message } from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { balances, creatorShare } from './support/balances';
import { FULL_URL, hasFfmpeg, md5, photoWithGps, testVideo, upload } from './support/media';
import { mediaTest } from './support/media-chat';
import { manualClock } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
let ffmpeg = false;
let photo: Buffer;

// Small limits, so "too large" is a few megabytes here (production: 499 MB).
const IMAGE_MAX_MB = 8;
const VIDEO_MAX_MB = 16;

const it = mediaTest(
  { MEDIA_IMAGE_MAX_MB: String(IMAGE_MAX_MB), MEDIA_VIDEO_MAX_MB: String(VIDEO_MAX_MB) },
  { clock },
);

it.beforeAll(async () => {
  ffmpeg = await hasFfmpeg();
  photo = await photoWithGps();
});

const FULL_VARIANTS = ['th', 'st', 'sr', 'rt', 'video_url'] as const;

describe('upload', () => {
  it('makes the four widths and a blurred preview of a 12-megapixel photo, without its location', async ({
    server,
    w,
    fetchMedia,
  }) => {
    const creator = await w.creator();
    const res = await upload(server.url, creator.token, photo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 1440, height: 1080, video_length: null });
    const media = res.body.media;
    expect(media.media_id).toBe(await md5(photo));
    const widths: Record<string, number> = { th: 320, st: 600, sr: 1080, rt: 1440, blur: 32 };
    for (const [variant, width] of Object.entries(widths)) {
      const file = await fetchMedia(media[variant], creator.token);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/jpeg');
      const meta = await sharp(file.body).metadata();
      expect(meta.width).toBe(width);
      // No EXIF at all: camera, GPS position and the rest are gone.
      expect(meta.exif).toBeUndefined();
      expect(file.body.includes(Buffer.from('ParlorCam'))).toBe(false);
    }
  });

  it('keeps the media host on this origin, with no CORS, when MEDIA_BASE_URL is unset', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const config = await w.api.call('GET', '/v1/provider/config?platform=react', { token: creator.token });
    expect(config.body.media_base_url).toBeNull();
    const origin = { origin: 'https://elsewhere.example' };
    const res = await upload(server.url, creator.token, await photoWithGps(400, 300), { headers: origin });
    expect(res.status).toBe(200);
    expect(res.body.media.th).toMatch(/^\/v1\/media\/files\//);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/v1/media`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('skips a file the owner already has, by md5, and only for its owner', async ({ server, w }) => {
    const creator = await w.creator();
    const other = await w.creator();
    const image = await photoWithGps(800, 600, '#204020');
    const hash = await md5(image);
    const before = await w.api.call('GET', `/v1/media/available?media_id=${hash}&type=message`, {
      token: creator.token,
    });
    expect(before.body).toMatchObject({ status: false, media: null });
    const first = await upload(server.url, creator.token, image);
    const after = await w.api.call('GET', `/v1/media/available?media_id=${hash}&type=paid_message`, {
      token: creator.token,
    });
    expect(after.body.status).toBe(true);
    expect(after.body.media.public_id).toBe(first.body.media.public_id);
    const again = await upload(server.url, creator.token, image);
    expect(again.body.media.public_id).toBe(first.body.media.public_id);
    const theirs = await w.api.call('GET', `/v1/media/available?media_id=${hash}`, { token: other.token });
    expect(theirs.body.status).toBe(false);
  });

  it('refuses every file the checks refuse, with their messages', async ({ server, w }) => {
    const creator = await w.creator();
    const refusal = async (file: Buffer, options: Parameters<typeof upload>[3] = {}) => {
      const res = await upload(server.url, creator.token, file, options);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.message as string;
    };
    const jpeg = await photoWithGps(400, 300);
    const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);

    expect(await refusal(Buffer.alloc(0))).toBe(MEDIA.empty);
    expect(await refusal(Buffer.from('just some words'), { type: 'text/plain', name: 'a.txt' })).toBe(
      MEDIA.unsupported.replace('{type}', 'text/plain'),
    );
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect(await refusal(pdf, { type: 'image/jpeg', name: 'sneaky.jpg' })).toBe(
      MEDIA.unsupported.replace('{type}', 'application/pdf'),
    );
    expect(await refusal(jpeg, { fields: { accept: 'video' } })).toBe(MEDIA.photoNotAllowed);
    if (ffmpeg) {
      const clip = await testVideo(1);
      expect(await refusal(clip, { type: 'video/mp4', name: 'a.mp4', fields: { accept: 'image' } })).toBe(
        MEDIA.videoNotAllowed,
      );
    }
    // Over the photo limit but under the video one, then over both (the upload is cut short).
    const bigPhoto = Buffer.concat([jpeg, Buffer.alloc((IMAGE_MAX_MB + 1) * 1024 * 1024)]);
    expect(await refusal(bigPhoto)).toBe(
      `${MEDIA.imageTooLarge} Photos larger than ${IMAGE_MAX_MB} MB cannot be uploaded.`,
    );
    const bigVideo = Buffer.concat([mp4Head, Buffer.alloc((VIDEO_MAX_MB + 1) * 1024 * 1024)]);
    expect(await refusal(bigVideo, { type: 'video/mp4', name: 'big.mp4' })).toBe(
      `${MEDIA.videoTooLarge} Videos larger than ${VIDEO_MAX_MB} MB cannot be uploaded.`,
    );
    // Right first bytes, broken rest.
    const brokenJpeg = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(5000, 7)]);
    expect(await refusal(brokenJpeg)).toBe(MEDIA.imageDamaged);
    if (ffmpeg) {
      const brokenMp4 = Buffer.concat([mp4Head, Buffer.alloc(5000, 3)]);
      expect(await refusal(brokenMp4, { type: 'video/mp4', name: 'broken.mp4' })).toBe(MEDIA.videoLoadError);
    }
    // Damaged on the way: the md5 or the size does not match what arrived.
    expect(await refusal(jpeg, { md5: '0'.repeat(32) })).toBe(MEDIA.uploadFailed);
    expect(await refusal(jpeg, { fields: { file_size: '12' } })).toBe(MEDIA.uploadFailed);
  });

  it('keeps a video with its length, size and poster, its location tag removed', async ({
    server,
    w,
    pair,
    fetchMedia,
  }) => {
    if (!ffmpeg) return;
    const { fan, creator } = await pair();
    const clip = await testVideo(2);
    const res = await upload(server.url, creator.token, clip, { type: 'video/mp4', name: 'clip.mp4' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 320, height: 240, video_length: 2 });
    expect(res.body.media.th).toBeTruthy();
    expect(res.body.media.blur).toBeTruthy();
    const file = await fetchMedia(res.body.media.video_url, creator.token);
    expect(file.type).toBe('video/mp4');
    expect(file.body.includes(Buffer.from('+51.5000'))).toBe(false);
    // Free video: the fan gets it whole, and can seek in it.
    const sent = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'video', recipient_id: fan.user._id, public_id: res.body.media.public_id },
    });
    expect(sent.status).toBe(200);
    const page = await w.api.call('GET', `/v1/chats/${sent.body.message.chat_id}/messages`, {
      token: fan.token,
    });
    const forFan = page.body.data.at(-1).media;
    expect(forFan.video_url).toBeTruthy();
    const part = await fetchMedia(forFan.video_url, fan.token, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.body.length).toBe(100);
  });
});

describe('messages with media', () => {
  it('sends photos, GIFs and captions; refuses what is not the sender’s or not allowed', async ({
    server,
    w,
    pair,
    sendMedia,
  }) => {
    const { fan, creator } = await pair();
    const mine = (await upload(server.url, creator.token, await photoWithGps(600, 400, '#445566'))).body
      .media;
    const theirs = (await upload(server.url, fan.token, await photoWithGps(600, 400, '#665544'))).body.media;

    const ok = await sendMedia(creator.token, fan.user._id, mine.public_id, {
      text: 'for you',
      clientSideReceiveId: 'm1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatchObject({ type: 'image', text: 'for you', price: 0, is_paid: true });
    expect(ok.body.message.media.rt).toBeTruthy();
    // A retried send is stored once.
    const retry = await sendMedia(creator.token, fan.user._id, mine.public_id, { clientSideReceiveId: 'm1' });
    expect(retry.body.message._id).toBe(ok.body.message._id);
    // By the spec's media_id (the md5) too.
    const byMd5 = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, media_id: mine.media_id },
    });
    expect(byMd5.status).toBe(200);

    expect((await sendMedia(creator.token, fan.user._id, theirs.public_id)).status).toBe(404);
    expect((await sendMedia(creator.token, fan.user._id, mine.public_id, { type: 'video' })).status).toBe(
      400,
    );
    // Fans send photos, but never paid ones.
    expect((await sendMedia(fan.token, creator.user._id, theirs.public_id)).status).toBe(200);
    const fanPaid = await sendMedia(fan.token, creator.user._id, theirs.public_id, { price: 10 });
    expect(fanPaid.status).toBe(403);
    const paidText = await w.send(creator.token, fan.user._id, 'pay me', { price: 10 });
    expect(paidText.status).toBe(400);

    const gif = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: {
        type: 'gif',
        recipient_id: fan.user._id,
        gif_url: '/gifs/wave.gif',
        gif_width: 120,
        gif_height: 90,
      },
    });
    expect(gif.status).toBe(200);
    expect(gif.body.message).toMatchObject({ type: 'gif', gif_url: '/gifs/wave.gif', gif_width: 120 });
    const evil = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'gif', recipient_id: fan.user._id, gif_url: 'javascript:alert(1)' },
    });
    expect(evil.status).toBe(400);
  });

  it('refuses media to a member who blocks media from the sender', async ({ server, w, pair, sendMedia }) => {
    const { fan, creator } = await pair();
    const media = (await upload(server.url, creator.token, await photoWithGps(300, 300, '#123456'))).body
      .media;
    const blocked = await w.api.call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'block_media', ids: creator.user._id },
    });
    expect(blocked.status).toBe(200);
    const res = await sendMedia(creator.token, fan.user._id, media.public_id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERRORS.mediaBlocked);
    expect((await w.send(creator.token, fan.user._id, 'text still works')).status).toBe(200);
  });
});

describe('locked means locked', () => {
  it('gives a fan who has not bought only the blurred preview, in every answer and event', async ({
    server,
    w,
    pair,
    fetchMedia,
    sendMedia,
  }) => {
    const { fan, creator, chatId } = await pair();
    const fanSocket = await connectSocket(server.url, fan.token);
    const media = (await upload(server.url, creator.token, photo)).body.media;
    const sent = await sendMedia(creator.token, fan.user._id, media.public_id, { price: 30 });
    expect(sent.status).toBe(200);
    const creatorView = sent.body.message as Message;
    expect(creatorView.media?.rt).toBeTruthy();
    expect(creatorView.is_paid).toBe(false);

    const frame = await fanSocket.next('new_message', (d) => d.chat_id === chatId);
    const page = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    const byId = await w.api.call('GET', `/v1/messages?ids=${creatorView._id}`, { token: fan.token });
    const byPublicId = await w.api.call('GET', `/v1/users/images/public_id/${media.public_id}`, {
      token: fan.token,
    });
    for (const answer of [frame.data, page.body, byId.body, byPublicId.body]) {
      expect(JSON.stringify(answer)).not.toMatch(FULL_URL);
    }
    const locked = frame.data.info.message as Message;
    expect(locked).toMatchObject({ price: 30, price_in_dollars: '3.00', is_paid: false });
    for (const v of FULL_VARIANTS) expect(locked.media?.[v]).toBeNull();
    expect(locked.media).toMatchObject({ width: 1440, height: 1080 });
    // The preview opens for the fan; the creator's full-size URL does not open with the fan's token.
    expect((await fetchMedia(locked.media?.blur as string, fan.token)).status).toBe(200);
    expect((await fetchMedia(creatorView.media?.rt as string, fan.token)).status).toBe(403);
    // Guessing: the fan's own preview URL pointed at the full picture fails its signature.
    const forged = String(locked.media?.blur).replace('/blur?', '/rt?');
    expect((await fetchMedia(forged)).status).toBe(403);
    const unsigned = `/v1/media/files/${media.public_id}/rt`;
    expect((await fetchMedia(unsigned, fan.token)).status).toBe(400);
    fanSocket.close();
  });

  it('lets only the owner reach media that was never sent', async ({ server, w, fetchMedia }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const media = (await upload(server.url, creator.token, await photoWithGps(500, 500, '#0a0a0a'))).body
      .media;
    const mine = await w.api.call('GET', `/v1/users/images/public_id/${media.public_id}`, {
      token: creator.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.rt).toBeTruthy();
    const notYours = await w.api.call('GET', `/v1/users/images/public_id/${media.public_id}`, {
      token: fan.token,
    });
    expect(notYours.status).toBe(404);
    expect((await fetchMedia(media.rt, fan.token)).status).toBe(403);
    const vault = await w.api.call('GET', '/v1/media?limit=20&offset=0', { token: fan.token });
    expect(vault.body.data).toEqual([]);
  });
});

describe('buying a paid message', () => {
  it('charges once, unlocks it, and tells the creator and the fan', async ({
    server,
    w,
    pair,
    fetchMedia,
    sendMedia,
  }) => {
    const { fan, creator, chatId } = await pair();
    const media = (await upload(server.url, creator.token, await photoWithGps(1200, 800, '#334455'))).body
      .media;
    const sent = await sendMedia(creator.token, fan.user._id, media.public_id, { price: 30 });
    const id = sent.body.message._id as string;

    const broke = await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    expect(broke.status).toBe(402);
    expect(broke.body.message).toBe(ERRORS.noCredits);

    await w.giveCredits(fan.user._id, 100);
    const creatorSocket = await connectSocket(server.url, creator.token);
    const fanSocket = await connectSocket(server.url, fan.token);
    const bought = await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    expect(bought.status).toBe(200);
    expect(bought.body.credits).toBe(70);
    expect(bought.body.message).toMatchObject({ _id: id, is_paid: true });
    expect(bought.body.message.media.rt).toBeTruthy();
    expect((await fetchMedia(bought.body.message.media.rt, fan.token)).status).toBe(200);

    const paid = await creatorSocket.next('message_paid', (d) => d.message_id === id);
    expect(paid.data).toMatchObject({
      chat_id: chatId,
      buyer_id: fan.user._id,
      price: 30,
      earnings: creatorShare(30),
    });
    const sales = await w.api.call('GET', '/v1/media/sales', { token: creator.token });
    expect(sales.body).toEqual({ earnings: creatorShare(30), sold: 1 });
    const content = await fanSocket.next('paid_content', (d) => d.message_id === id);
    expect(content.data.message.media.rt).toBeTruthy();
    const credits = await fanSocket.next('total_credits');
    expect(credits.data.credits).toBe(70);

    const again = await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ERRORS.alreadyPurchased);
    // The page now carries the full picture for the fan.
    const page = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.at(-1).media.rt).toBeTruthy();
    creatorSocket.close();
    fanSocket.close();
  });

  it('charges exactly once when one fan sends 20 buys of one message at once', async ({
    server,
    w,
    pair,
    sendMedia,
  }) => {
    const { fan, creator } = await pair();
    const media = (await upload(server.url, creator.token, await photoWithGps(700, 700, '#556677'))).body
      .media;
    const id = (await sendMedia(creator.token, fan.user._id, media.public_id, { price: 25 })).body.message
      ._id;
    await w.giveCredits(fan.user._id, 1000);
    const buys = await Promise.all(
      Array.from({ length: 20 }, () => w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token })),
    );
    const statuses = buys.map((b) => b.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const db = server.app.ctx.db;
    const fanRow = await db
      .selectFrom('users')
      .select(['credits'])
      .where('id', '=', fan.user._id)
      .executeTakeFirstOrThrow();
    expect(fanRow.credits).toBe(975);
    expect((await balances(db, creator.user._id)).earnings).toBe(creatorShare(25));
    const entries = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', 'like', `%paid_message:${id}`)
      .execute();
    expect(entries).toHaveLength(3); // the fan's debit, the creator's credit, the platform's fee
  });

  it('lists what a fan bought, and hides and unhides it', async ({ server, w, pair, sendMedia }) => {
    const { fan, creator } = await pair();
    const media = (await upload(server.url, creator.token, await photoWithGps(640, 480, '#778899'))).body
      .media;
    const id = (await sendMedia(creator.token, fan.user._id, media.public_id, { price: 5 })).body.message._id;
    await w.giveCredits(fan.user._id, 5);
    await w.api.call('PATCH', `/v1/messages/${id}/buy`, { token: fan.token });
    const list = await w.api.call('GET', '/v1/message/paid?state=&limit=20&offset=0', { token: fan.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ message_id: id, price: 5, is_hidden: false });
    expect(list.body.data[0].message.media.rt).toBeTruthy();
    expect(
      (await w.api.call('PATCH', `/v1/messages/hide-paid?ids=${id}`, { token: fan.token })).body.updated,
    ).toBe(1);
    expect((await w.api.call('GET', '/v1/message/paid', { token: fan.token })).body.data).toHaveLength(0);
    const hidden = await w.api.call('GET', '/v1/message/paid?state=hidden', { token: fan.token });
    expect(hidden.body.data).toHaveLength(1);
    await w.api.call('PATCH', `/v1/messages/unhide-paid?ids=${id}`, { token: fan.token });
    expect((await w.api.call('GET', '/v1/message/paid', { token: fan.token })).body.data).toHaveLength(1);
    // Someone else's purchases are not theirs to hide.
    const other = await w.fan();
    expect(
      (await w.api.call('PATCH', `/v1/messages/hide-paid?ids=${id}`, { token: other.token })).body.updated,
    ).toBe(0);
  });
});
