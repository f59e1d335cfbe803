import { SUBSCRIPTION_PRICE } from '@parlor/contract';
import { expect } from 'vitest';
import { photoWithGps, upload } from './media';
import type { TestServer } from './server';
import type { World } from './world';

// What the feed's API tests share: posts with photos.

export type Account = Awaited<ReturnType<World['creator']>>;

export async function photo(server: TestServer, creator: Account, colour: string) {
  const res = await upload(server.url, creator.token, await photoWithGps(400, 300, colour));
  expect(res.status).toBe(200);
  return res.body.media as { public_id: string; media_id: string };
}

export async function post(w: World, creator: Account, body: Record<string, unknown>) {
  const res = await w.api.call('POST', '/v1/feed', { token: creator.token, body: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function subscribe(w: World, fan: Account, creator: Account) {
  await w.giveCredits(fan.user._id, SUBSCRIPTION_PRICE);
  const res = await w.api.call('POST', '/v1/subscriptions', {
    token: fan.token,
    body: { model_id: creator.user._id },
  });
  expect(res.status).toBe(200);
}

/** A creator with a public, a private and a paid post, each with a photo. */
export async function creatorWithPosts(w: World, server: TestServer) {
  const creator = await w.creator();
  const pub = await post(w, creator, {
    text: 'hello all',
    public_id: (await photo(server, creator, '#102030')).public_id,
  });
  const priv = await post(w, creator, {
    text: 'for subscribers',
    public_id: (await photo(server, creator, '#203040')).public_id,
    private_feed: true,
  });
  const paid = await post(w, creator, {
    text: 'buy me',
    public_id: (await photo(server, creator, '#304050')).public_id,
    price: 30,
  });
  return { creator, pub, priv, paid };
}
