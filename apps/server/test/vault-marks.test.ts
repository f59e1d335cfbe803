import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import type { world } from './support/world';

// GET /v1/media?fan_id=: the vault picker in a chat marks what that fan was sent and bought.
const it = apiTest();

type Account = Awaited<ReturnType<ReturnType<typeof world>['creator']>>;

async function photo(server: TestServer, creator: Account, colour: string) {
  const res = await upload(server.url, creator.token, await photoWithGps(200, 200, colour));
  expect(res.status).toBe(200);
  return res.body.media as { public_id: string; media_id: string };
}

describe('vault marks', () => {
  it('marks media sent to and bought by the fan, for that fan only', async ({ server, w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const other = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const [kept, sent, bought] = [
      await photo(server, creator, '#010203'),
      await photo(server, creator, '#040506'),
      await photo(server, creator, '#070809'),
    ];
    await w.openChat(fan.token, creator.user._id);
    await call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, public_id: sent.public_id },
    });
    const paid = await call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, public_id: bought.public_id, price: 20 },
    });
    expect(
      (await call('PATCH', `/v1/messages/${paid.body.message._id}/buy`, { token: fan.token })).status,
    ).toBe(200);

    const marks = async (query: string) => {
      const res = await call('GET', `/v1/media?limit=20&offset=0${query}`, { token: creator.token });
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.data as { public_id: string; sent_to_fan?: boolean; bought_by_fan?: boolean }[]).map(
          (m) => [m.public_id, [m.sent_to_fan, m.bought_by_fan]],
        ),
      );
    };
    expect(await marks(`&fan_id=${fan.user._id}`)).toEqual({
      [kept.public_id]: [false, false],
      [sent.public_id]: [true, false],
      [bought.public_id]: [true, true],
    });
    expect(await marks(`&fan_id=${other.user._id}`)).toEqual({
      [kept.public_id]: [false, false],
      [sent.public_id]: [false, false],
      [bought.public_id]: [false, false],
    });
    expect(await marks('')).toEqual({
      [kept.public_id]: [undefined, undefined],
      [sent.public_id]: [undefined, undefined],
      [bought.public_id]: [undefined, undefined],
    });
  });
});
