import { MediaUploadResponse, User } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import { S3_BUCKET, S3_CREDENTIALS, startS3, type TestS3 } from './support/s3';

// The whole media path on an S3-compatible bucket (S3_* set): an upload's variants land in the
// bucket, signed URLs serve them from there, and taking the media out of the vault deletes them.

let s3: TestS3;

const it = apiTest(async (onCleanup) => {
  s3 = await startS3();
  onCleanup(s3.close);
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_REGION: S3_CREDENTIALS.region,
  };
});

describe('media on S3-compatible storage', () => {
  it('uploads into the bucket, serves through signed URLs and deletes from the bucket', async ({
    server,
    api,
  }) => {
    const { token } = await api.signUp('featured');
    const res = await upload(server.url, token, await photoWithGps(1600, 1200));
    expect(res.status).toBe(200);
    const { media } = MediaUploadResponse.parse(res.body);
    const stored = s3.keys();
    expect(stored).toEqual(expect.arrayContaining([`${media.public_id}/th`, `${media.public_id}/blur`]));
    expect(stored.every((k) => k.startsWith(`${media.public_id}/`))).toBe(true);

    // MEDIA_BASE_URL unset: signed URLs are paths on this origin.
    const th = `${server.url}${media.th}`;
    const whole = await fetch(th);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const part = await fetch(th, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    const removed = await api.call('DELETE', `/v1/media?ids=${media.public_id}`, { token });
    expect(removed.body).toEqual({ deleted: 1 });
    expect(s3.keys()).toEqual([]);
    expect((await fetch(th)).status).toBe(404);
  });

  it('keeps profile photos in the bucket too', async ({ server, api }) => {
    const { token } = await api.signUp('featured');
    const jpeg = await photoWithGps(64, 64);
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'me.jpg');
    const res = await fetch(`${server.url}/v1/users/avatar`, {
      method: 'POST',
      headers: { 'access-token': token },
      body: form,
    });
    expect(res.status).toBe(200);
    const url = User.parse(await res.json()).avatar_url!;
    const name = url.replace('/v1/users/avatars/', '');
    expect(s3.keys()).toContain(`avatars/${name}`);
    const img = await fetch(`${server.url}${url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    // Served as the re-encoded JPEG, not the uploaded bytes.
    const served = Buffer.from(await img.arrayBuffer());
    expect(served.equals(jpeg)).toBe(false);
    expect(served.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });
});
