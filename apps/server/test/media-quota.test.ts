import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@parlor/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { md5, photoWithGps, upload } from './support/media';
import { mediaTest } from './support/media-chat';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Tiny quotas, so a few small photos fill an account (defaults: 50 GB and 500 MB).
const FAN_QUOTA = Math.floor(0.1 * 1024 ** 2);
const CREATOR_QUOTA = Math.floor(0.0002 * 1024 ** 3);

const it = mediaTest({ MEDIA_QUOTA_FAN_MB: '0.1', MEDIA_QUOTA_CREATOR_GB: '0.0002' });

let shade = 0;
/** A 600 x 400 photo of its own colour (about 10 kB sent, about 28 kB stored as five variants). */
const nextPhoto = (width = 600, height = 400) =>
  photoWithGps(width, height, `#${(0x204060 + ++shade * 0x010203).toString(16).slice(-6)}`);

const usage = async (w: World, token: string) =>
  (await w.api.call('GET', '/v1/media/usage', { token })).body as { used_bytes: number; quota_bytes: number };

/** The owner's media rows and what the database says they store. */
async function stored(server: TestServer, ownerId: string) {
  const db = server.app.ctx.db;
  const rows = await db
    .selectFrom('media')
    .select(['public_id', 'stored_bytes', 'deleted_at'])
    .where('owner_id', '=', ownerId)
    .execute();
  const total = await db
    .selectFrom('media_usage')
    .select('used_bytes')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return { rows, sum: rows.reduce((s, r) => s + r.stored_bytes, 0), total: total?.used_bytes ?? 0 };
}

/** Folders of media in local storage ({public_id}/{variant}), and the temporary uploads. */
const storedFolders = (server: TestServer) => {
  const dir = path.join(server.dataDir, 'media', 'files');
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
};
const tmpUploads = (server: TestServer) => {
  const dir = path.join(server.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Fills the account with photos until the next one is refused; answers what the refusal looked like. */
async function fill(server: TestServer, w: World, token: string) {
  for (let i = 0; i < 40; i++) {
    const photo = await nextPhoto();
    const before = await usage(w, token);
    const res = await upload(server.url, token, photo);
    if (res.status !== 200) return { res, photo, before };
  }
  throw new Error('the quota never filled');
}

describe('usage', () => {
  it('answers what the uploads keep in storage, every variant, against the quota of the account type', async ({
    server,
    w,
    fetchMedia,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    expect(await usage(w, creator.token)).toEqual({ used_bytes: 0, quota_bytes: CREATOR_QUOTA });
    expect(await usage(w, fan.token)).toEqual({ used_bytes: 0, quota_bytes: FAN_QUOTA });

    const media = (await upload(server.url, fan.token, await nextPhoto())).body.media;
    let files = 0;
    for (const variant of ['th', 'st', 'sr', 'rt', 'blur'])
      files += (await fetchMedia(media[variant])).body.length;
    expect(await usage(w, fan.token)).toEqual({ used_bytes: files, quota_bytes: FAN_QUOTA });
    // The same file again is answered from the vault and takes nothing more.
    const photo = await nextPhoto();
    await upload(server.url, fan.token, photo);
    const once = (await usage(w, fan.token)).used_bytes;
    expect((await upload(server.url, fan.token, photo)).status).toBe(200);
    expect((await usage(w, fan.token)).used_bytes).toBe(once);
    expect((await stored(server, fan.user._id)).total).toBe(once);
    expect((await usage(w, creator.token)).used_bytes).toBe(0);
  });

  it('needs a session', async ({ w }) => {
    expect((await w.api.call('GET', '/v1/media/usage')).status).toBe(401);
  });
});

describe('quota', () => {
  it('refuses an upload whose stored files would not fit, storing nothing of it', async ({ server, w }) => {
    const fan = await w.fan();
    const folders = storedFolders(server);
    const { res, photo, before } = await fill(server, w, fan.token);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: ERRORS.storageFull, code: 'storage_full' });
    // The file as sent fitted; its five variants did not: refused before they were stored.
    expect(before.quota_bytes - before.used_bytes).toBeGreaterThan(photo.length);
    const after = await stored(server, fan.user._id);
    expect(after.total).toBe(before.used_bytes);
    expect(after.sum).toBe(before.used_bytes);
    expect(after.total).toBeLessThanOrEqual(FAN_QUOTA);
    const added = [...storedFolders(server)].filter((f) => !folders.has(f));
    expect(added.sort()).toEqual(after.rows.map((r) => r.public_id).sort());
    expect(tmpUploads(server)).toEqual([]);
    const again = await w.api.call('GET', `/v1/media/available?media_id=${await md5(photo)}`, {
      token: fan.token,
    });
    expect(again.body.status).toBe(false);
  });

  it('refuses a file larger than the room left from its declared size, or while it streams in', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    await fill(server, w, fan.token);
    const { used_bytes } = await usage(w, fan.token);
    // Not a photo at all: refused for room before anything reads it as one (else it would be a 400).
    const big = randomBytes(FAN_QUOTA - used_bytes + 1);
    const folders = storedFolders(server);
    // Declared ahead of the file, as the web client sends it.
    const declared = await upload(server.url, fan.token, big);
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe(ERRORS.storageFull);
    // Not declared: the running count stops it.
    const streamed = await upload(server.url, fan.token, big, { md5: null, fields: { file_size: '' } });
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe(ERRORS.storageFull);
    // One byte less fits the room: then it is read, and refused for what it is.
    const fits = await upload(server.url, fan.token, big.subarray(1), {
      md5: null,
      fields: { file_size: '' },
    });
    expect(fits.status).toBe(400);
    expect(storedFolders(server)).toEqual(folders);
    expect(tmpUploads(server)).toEqual([]);
    expect((await stored(server, fan.user._id)).total).toBe(used_bytes);
    // A file the account already has needs no room.
    const [first] = (await w.api.call('GET', '/v1/media', { token: fan.token })).body.data.slice(-1);
    const again = await w.api.call('GET', `/v1/media/available?media_id=${first.media_id}`, {
      token: fan.token,
    });
    expect(again.body.status).toBe(true);
  });

  it('lets concurrent uploads of one account fill the quota but never pass it, leaving no stray files', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const folders = storedFolders(server);
    const photos = await Promise.all(Array.from({ length: 12 }, () => nextPhoto()));
    const answers = await Promise.all(photos.map((p) => upload(server.url, creator.token, p)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(413);
    expect(statuses.every((s) => s === 200 || s === 413)).toBe(true);
    const after = await stored(server, creator.user._id);
    expect(after.rows).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(after.total).toBe(after.sum);
    expect(after.total).toBeLessThanOrEqual(CREATOR_QUOTA);
    expect((await usage(w, creator.token)).used_bytes).toBe(after.total);
    const added = [...storedFolders(server)].filter((f) => !folders.has(f));
    expect(added.sort()).toEqual(after.rows.map((r) => r.public_id).sort());
    expect(tmpUploads(server)).toEqual([]);
  });

  it('frees the room of media taken out of the vault; media a chat still shows keeps counting', async ({
    server,
    w,
    pair,
    sendMedia,
  }) => {
    const { fan, creator } = await pair();
    const first = (await upload(server.url, fan.token, await nextPhoto())).body.media;
    expect((await sendMedia(fan.token, creator.user._id, first.public_id)).status).toBe(200);
    const { res } = await fill(server, w, fan.token);
    expect(res.status).toBe(413);
    const full = await usage(w, fan.token);

    // Sent: its files stay for the chat, so taking it out of the vault frees nothing.
    const vault = (await w.api.call('GET', '/v1/media?limit=20', { token: fan.token })).body.data as {
      _id: string;
      public_id: string;
    }[];
    const sent = vault.find((m) => m.public_id === first.public_id)!;
    await w.api.call('DELETE', `/v1/media?ids=${sent._id}`, { token: fan.token });
    expect(await usage(w, fan.token)).toEqual(full);

    // Never sent: its files go, and so does its share of the quota.
    const unsent = vault.filter((m) => m.public_id !== first.public_id);
    const rows = await stored(server, fan.user._id);
    const freed = rows.rows
      .filter((r) => unsent.slice(0, 2).some((m) => m.public_id === r.public_id))
      .reduce((s, r) => s + r.stored_bytes, 0);
    const ids = unsent
      .slice(0, 2)
      .map((m) => m._id)
      .join(',');
    expect((await w.api.call('DELETE', `/v1/media?ids=${ids}`, { token: fan.token })).body.deleted).toBe(2);
    expect((await usage(w, fan.token)).used_bytes).toBe(full.used_bytes - freed);
    const after = await stored(server, fan.user._id);
    expect(after.total).toBe(after.sum);
    expect((await upload(server.url, fan.token, await nextPhoto())).status).toBe(200);
  });

  it('keeps every account’s total equal to the sum of its media', async ({ server }) => {
    const { rows } = await sql<{ owner_id: string }>`
      SELECT u.owner_id FROM media_usage u
      LEFT JOIN (SELECT owner_id, SUM(stored_bytes)::bigint AS sum FROM media GROUP BY owner_id) m
        ON m.owner_id = u.owner_id
      WHERE u.used_bytes <> COALESCE(m.sum, 0)`.execute(server.app.ctx.db);
    expect(rows).toEqual([]);
  });
});

describe('what a fan may upload and send', () => {
  it('refuses a fan’s upload for a paid message before storing it, and takes a creator’s', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const folders = storedFolders(server);
    const paid = await upload(server.url, fan.token, await nextPhoto(), { fields: { type: 'paid_message' } });
    expect(paid.status).toBe(403);
    expect(paid.body).toMatchObject({ message: ERRORS.paidCreatorsOnly, code: 'paid_creators_only' });

    // The type sent after the file is read at the end: still refused, and nothing kept.
    const photo = await nextPhoto();
    const form = new FormData();
    form.set('file_size', String(photo.length));
    form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'late.jpg');
    form.set('type', 'paid_message');
    const late = await fetch(`${server.url}/v1/media`, {
      method: 'POST',
      headers: { 'access-token': fan.token, 'web-type': 'react' },
      body: form,
    });
    expect(late.status).toBe(403);
    expect(storedFolders(server)).toEqual(folders);
    expect(tmpUploads(server)).toEqual([]);
    expect((await stored(server, fan.user._id)).rows).toEqual([]);
    expect((await usage(w, fan.token)).used_bytes).toBe(0);

    const hash = await md5(photo);
    const available = (type: string, token: string) =>
      w.api.call('GET', `/v1/media/available?media_id=${hash}&type=${type}`, { token });
    expect((await available('paid_message', fan.token)).status).toBe(403);
    expect((await available('message', fan.token)).status).toBe(200);

    expect((await upload(server.url, fan.token, photo)).status).toBe(200);
    const forSale = await upload(server.url, creator.token, photo, { fields: { type: 'paid_message' } });
    expect(forSale.status).toBe(200);
  });

  it('lets a fan send only their own media, and never with a price', async ({ server, pair, sendMedia }) => {
    const { fan, creator } = await pair();
    const theirs = (await upload(server.url, creator.token, await nextPhoto())).body.media;
    const mine = (await upload(server.url, fan.token, await nextPhoto())).body.media;
    // A creator's vault media is not the fan's to send.
    expect((await sendMedia(fan.token, creator.user._id, theirs.public_id)).status).toBe(404);
    const priced = await sendMedia(fan.token, creator.user._id, mine.public_id, { price: 10 });
    expect(priced.status).toBe(403);
    expect(priced.body.message).toBe(ERRORS.paidCreatorsOnly);
    expect((await sendMedia(fan.token, creator.user._id, mine.public_id)).status).toBe(200);
  });
});
