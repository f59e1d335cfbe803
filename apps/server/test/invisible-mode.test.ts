import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { Api, ApiPath } from './support/client';
import { connectSocket } from './support/socket';
import type { world } from './support/world';

// Invisible mode (settings.profile.invisible): to everyone else the account is offline, with no
// last-seen time, wherever presence shows; its own presence keeps working for it.
const it = apiTest();

type Account = Awaited<ReturnType<ReturnType<typeof world>['creator']>>;

const setInvisible = async (call: Api['call'], who: Account, invisible: boolean) => {
  const res = await call('PATCH', `/v1/users/${who.user._id}`, {
    token: who.token,
    body: { settings: { profile: { invisible } } },
  });
  expect(res.status).toBe(200);
};

/** Every place the fan sees the creator's presence: profile, chat list, chat, presence, tabs, following. */
async function presenceSeenBy(call: Api['call'], fan: Account, creator: Account) {
  const as = (path: ApiPath<'GET'>) => call('GET', path, { token: fan.token });
  const profile = (await as(`/v1/users/${creator.user.username}`)).body;
  const inbox = (await as('/v1/chats')).body.data.find(
    (c: { other_user: { _id: string } }) => c.other_user._id === creator.user._id,
  );
  const chat = (await as(`/v1/chat?recipient_id=${creator.user._id}`)).body;
  const presence = (await as(`/v1/chats/presence?ids=${creator.user._id}`)).body.data[0];
  const following = (await as('/v1/users/following')).body.data.find(
    (f: { _id: string }) => f._id === creator.user._id,
  );
  return {
    profile: { is_online: profile.is_online, last_online: profile.last_online },
    inbox: { is_online: inbox.other_user.is_online, last_online: inbox.other_user.last_online },
    onlineTag: inbox.category.includes('online'),
    chat: { is_online: chat.other_user.is_online, last_online: chat.other_user.last_online },
    presence: { is_online: presence.is_online, last_online: presence.last_online },
    following: { is_online: following.is_online, last_online: following.last_online },
    onlineTab: (await as('/v1/chats?type=online')).body.data.length,
    onlineTotal: (await as('/v1/chats/total')).body.online,
  };
}

const offline = { is_online: false, last_online: null };
const everywhereOffline = {
  profile: offline,
  inbox: offline,
  onlineTag: false,
  chat: offline,
  presence: offline,
  following: offline,
  onlineTab: 0,
  onlineTotal: 0,
};

describe('invisible mode', () => {
  it('shows a creator who turns invisible as offline everywhere, live, until she turns visible again', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    expect((await w.send(fan.token, creator.user._id, 'Hi')).status).toBe(200);
    expect(
      (
        await call('POST', '/v1/users/following', {
          token: fan.token,
          body: { user_id: creator.user._id },
        })
      ).status,
    ).toBe(200);
    const fanSocket = await connectSocket(server.url, fan.token);
    await fanSocket.next('init');

    // Visible and connected: the fan sees her online (what the rest of the test takes away).
    let creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    await fanSocket.next('user_online', (d) => d.user_id === creator.user._id);
    const seen = await presenceSeenBy(call, fan, creator);
    expect(seen.profile.is_online).toBe(true);
    expect(seen.onlineTotal).toBe(1);

    // Turning invisible while connected: the fan hears her go offline, with no last-seen time.
    await setInvisible(call, creator, true);
    const gone = await fanSocket.next('user_offline', (d) => d.user_id === creator.user._id);
    expect(gone.data.last_online).toBeNull();
    expect(await presenceSeenBy(call, fan, creator)).toEqual(everywhereOffline);

    // Reconnecting while invisible announces nothing and leaves her out of the fan's init; she
    // still sees who of hers is online.
    creatorSocket.close();
    await creatorSocket.closed;
    creatorSocket = await connectSocket(server.url, creator.token);
    expect((await creatorSocket.next('init')).data.online_user_ids).toEqual([fan.user._id]);
    expect((await w.send(creator.token, fan.user._id, 'Still here')).status).toBe(200);
    await fanSocket.next('new_message', (d) => d.text === 'Still here');
    expect(fanSocket.frames.filter((f) => f.data?.user_id === creator.user._id)).toEqual([]);
    const again = await connectSocket(server.url, fan.token);
    expect((await again.next('init')).data.online_user_ids).toEqual([]);
    again.close();
    expect(await presenceSeenBy(call, fan, creator)).toEqual(everywhereOffline);

    await setInvisible(call, creator, false);
    await fanSocket.next('user_online', (d) => d.user_id === creator.user._id);
    expect((await presenceSeenBy(call, fan, creator)).profile.is_online).toBe(true);
    creatorSocket.close();
    fanSocket.close();
  });
});
