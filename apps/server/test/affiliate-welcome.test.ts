import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';

const it = apiTest();

const UNVISITED = { is_affiliate_profile_visited: false, is_bought_credit_package: false };
const VISITED = { is_affiliate_profile_visited: true, is_bought_credit_package: false };

describe('the referred fan’s welcome', () => {
  it('a fan who signs up through a creator’s referral link has her as affiliate, with onboarding_v2', async ({
    api,
  }) => {
    const creator = await api.signUp('featured');
    // The referral link carries the creator's username as the code.
    const fan = await api.signUp('user', { code: creator.user.username });
    expect(fan.user.affiliate).toBe(creator.user._id);
    expect(fan.user.onboarding_v2).toBe(true);
    expect(fan.user.profile_complete_config).toEqual(UNVISITED);

    const affiliate = await api.call('GET', '/v1/users/me/affiliate', { token: fan.token });
    expect(affiliate.status).toBe(200);
    expect(affiliate.body).toMatchObject({ _id: creator.user._id, username: creator.user.username });

    const unreferred = await api.signUp('user');
    const none = await api.call('GET', '/v1/users/me/affiliate', { token: unreferred.token });
    expect(none.status).toBe(404);
  });

  it('records the visit once, only to her own affiliate, and tells every open session', async ({
    server,
    api,
  }) => {
    const creator = await api.signUp('featured');
    const other = await api.signUp('featured');
    const fan = await api.signUp('user', { code: creator.user.username });
    const tabs = [await connectSocket(server.url, fan.token), await connectSocket(server.url, fan.token)];
    for (const tab of tabs) await tab.next('init');
    const visit = (userId: string) =>
      api.call('POST', '/v1/users/affiliate-visit', { token: fan.token, body: { user_id: userId } });

    // Another creator's page is not the affiliate's: nothing is recorded.
    expect((await visit(other.user._id)).body).toEqual(UNVISITED);
    expect(
      (await api.call('GET', '/v1/users/me', { token: fan.token })).body.profile_complete_config,
    ).toEqual(UNVISITED);

    expect((await visit(creator.user._id)).body).toEqual(VISITED);
    for (const tab of tabs) expect((await tab.next('profile_complete_config')).data).toEqual(VISITED);

    // The second visit changes nothing and sends nothing.
    expect((await visit(creator.user._id)).body).toEqual(VISITED);
    await api.call('GET', '/v1/users/me', { token: fan.token });
    for (const tab of tabs) {
      expect(tab.frames.filter((f) => f.event === 'profile_complete_config')).toEqual([]);
      tab.close();
    }
    const me = await api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.profile_complete_config).toEqual(VISITED);
  });

  it('a fan who came without a referral link records no visit', async ({ api }) => {
    const creator = await api.signUp('featured');
    const unreferred = await api.signUp('user');
    const visited = await api.call('POST', '/v1/users/affiliate-visit', {
      token: unreferred.token,
      body: { user_id: creator.user._id },
    });
    expect(visited.body).toEqual(UNVISITED);
  });

  it('opening a chat with her affiliate is her visit too', async ({ server, api }) => {
    const creator = await api.signUp('featured');
    await server.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: false })
      .where('id', '=', creator.user._id)
      .execute();
    const fan = await api.signUp('user', { code: creator.user.username });
    await server.app.ctx.db
      .updateTable('users')
      .set({ is_customer: true })
      .where('id', '=', fan.user._id)
      .execute();
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const opened = await api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await socket.next('profile_complete_config')).data).toEqual(VISITED);
    socket.close();
  });
});
