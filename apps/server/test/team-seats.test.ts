import {
  type Endpoint,
  endpoints,
  SEAT_ACCESS,
  seatMay,
  TEAM_ERRORS,
  TEAM_PERMISSIONS,
  type TeamPermission,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { mailbox } from './support/mailbox';
import { connectSocket } from './support/socket';
import { inviteLink, teamSeat } from './support/team';

// Team seats (docs/team.md): invites by mail, joining with an account of one's own, seats that act
// as the creator within their permissions on every endpoint, and removal that ends them at once.

const it = apiTest().extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

describe('invites', () => {
  it('mails a single-use link; the invitee joins with their own account and sees the workspace', async ({
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const member = await w.api.signUp('user');
    const invited = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: member.user.email.toUpperCase(), permissions: ['paid', 'chats'] },
    });
    expect(invited.status).toBe(201);
    // Stored lower-cased, permissions in the contract's order.
    expect(invited.body).toMatchObject({ email: member.user.email, permissions: ['chats', 'paid'] });
    const pending = await w.api.call('GET', '/v1/team/invites', { token: creator.token });
    expect(pending.body.data.map((i: { _id: string }) => i._id)).toEqual([invited.body._id]);

    const link = await inviteLink(mail, member.user.email);
    expect(link.pathname).toBe('/team/join');
    const token = link.searchParams.get('token');
    const joined = await w.api.call('POST', '/v1/team/join', { token: member.token, body: { token } });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({
      creator: { _id: creator.user._id, username: creator.user.username },
      permissions: ['chats', 'paid'],
    });
    // The link works once; the invite is no longer pending.
    const again = await w.api.call('POST', '/v1/team/join', { token: member.token, body: { token } });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(TEAM_ERRORS.inviteInvalid);
    expect((await w.api.call('GET', '/v1/team/invites', { token: creator.token })).body.data).toEqual([]);

    const members = await w.api.call('GET', '/v1/team/members', { token: creator.token });
    expect(members.body.data).toEqual([
      expect.objectContaining({
        member: { _id: member.user._id, username: member.user.username },
        permissions: ['chats', 'paid'],
        last_active_at: null,
      }),
    ]);
    const workspaces = await w.api.call('GET', '/v1/team/workspaces', { token: member.token });
    expect(workspaces.body.data).toEqual([
      {
        creator: { _id: creator.user._id, username: creator.user.username, avatar_url: null },
        permissions: ['chats', 'paid'],
      },
    ]);
    // Inviting someone already on the team is refused.
    const twice = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: member.user.email, permissions: ['feed'] },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(TEAM_ERRORS.alreadyMember);
  });

  it('refuses fans, the own address, a second pending invite, another address, revoked and expired links', async ({
    server,
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const asFan = await w.api.call('POST', '/v1/team/invites', {
      token: fan.token,
      body: { email: 'helper@example.com', permissions: ['chats'] },
    });
    expect(asFan.status).toBe(403);
    expect(asFan.body.message).toBe(TEAM_ERRORS.creatorsOnly);
    const own = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: creator.user.email, permissions: ['chats'] },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(TEAM_ERRORS.ownTeam);
    for (const body of [
      { email: 'not an address', permissions: ['chats'] },
      { email: 'ok@example.com', permissions: [] },
      { email: 'ok@example.com', permissions: ['payouts'] },
      { email: 'ok@example.com' },
    ]) {
      const bad = await w.api.call('POST', '/v1/team/invites', { token: creator.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }

    const member = await w.api.signUp('user');
    const other = await w.api.signUp('user');
    const first = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: member.user.email, permissions: ['chats'] },
    });
    expect(first.status).toBe(201);
    const second = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: member.user.email, permissions: ['feed'] },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(TEAM_ERRORS.alreadyInvited);
    const token = (await inviteLink(mail, member.user.email)).searchParams.get('token');
    const wrongPerson = await w.api.call('POST', '/v1/team/join', { token: other.token, body: { token } });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.message).toBe(TEAM_ERRORS.inviteForOther);
    const guessed = await w.api.call('POST', '/v1/team/join', {
      token: member.token,
      body: { token: `${token}x` },
    });
    expect(guessed.status).toBe(410);

    // Revoked: the link stops working and the invite leaves the list; a new invite may follow.
    const revoked = await w.api.call('DELETE', `/v1/team/invites/${first.body._id}`, {
      token: creator.token,
    });
    expect(revoked.status).toBe(204);
    const afterRevoke = await w.api.call('POST', '/v1/team/join', { token: member.token, body: { token } });
    expect(afterRevoke.status).toBe(410);
    const stranger = await w.api.call('DELETE', `/v1/team/invites/${first.body._id}`, {
      token: (await w.creator()).token,
    });
    expect(stranger.status).toBe(404);

    // Expired: a week later the link no longer works.
    const renewed = await w.api.call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: member.user.email, permissions: ['chats'] },
    });
    expect(renewed.status).toBe(201);
    const renewedToken = (await inviteLink(mail, member.user.email)).searchParams.get('token');
    expect(renewedToken).not.toBe(token);
    await server.app.ctx.db
      .updateTable('team_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', renewed.body._id)
      .execute();
    const expired = await w.api.call('POST', '/v1/team/join', {
      token: member.token,
      body: { token: renewedToken },
    });
    expect(expired.status).toBe(410);
    expect((await w.api.call('GET', '/v1/team/members', { token: creator.token })).body.data).toEqual([]);
  });
});

describe('a seat', () => {
  it('acts as the creator, names its member in /users/me, and never shows her email', async ({ w, mail }) => {
    const creator = await w.creator();
    const { member, seat } = await teamSeat(w, mail, creator, ['chats']);
    const me = await w.api.call('GET', '/v1/users/me', { token: seat });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      _id: creator.user._id,
      username: creator.user.username,
      email: '',
      acting_member: { _id: member.user._id, username: member.user.username, permissions: ['chats'] },
    });
    expect(JSON.stringify(me.body)).not.toContain(creator.user.email);
    const own = await w.api.call('GET', '/v1/users/me', { token: creator.token });
    expect(own.body.acting_member).toBeUndefined();
    // The creator's session list does not hold her team's seats; the member's last activity shows.
    const sessions = await w.api.call('GET', '/v1/users/sessions', { token: creator.token });
    expect(sessions.body.sessions).toHaveLength(1);
    const members = await w.api.call('GET', '/v1/team/members', { token: creator.token });
    expect(members.body.data[0].last_active_at).not.toBeNull();
  });

  it('only opens in a workspace one is a member of, and never from another seat', async ({ w, mail }) => {
    const creator = await w.creator();
    const elsewhere = await w.creator();
    const { member, seat } = await teamSeat(w, mail, creator, ['chats']);
    const notMine = await w.api.call('POST', `/v1/team/workspaces/${elsewhere.user._id}/session`, {
      token: member.token,
      body: {},
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(TEAM_ERRORS.workspaceNotFound);
    const garbage = await w.api.call('POST', '/v1/team/workspaces/not-an-id/session', {
      token: member.token,
      body: {},
    });
    expect(garbage.status).toBe(404);
    const fromSeat = await w.api.call('POST', `/v1/team/workspaces/${creator.user._id}/session`, {
      token: seat,
      body: {},
    });
    expect(fromSeat.status).toBe(403);
    expect(fromSeat.body.code).toBe('team_permission');
  });

  /** A request's path with every parameter filled (an id nobody has: the seat rule answers first). */
  const pathOf = (e: Endpoint) => e.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
  // Signing out ends the seat itself; it is allowed to every seat and checked on its own below.
  const walked = Object.entries(endpoints as Record<string, Endpoint>).filter(
    ([name, e]) => e.access !== 'public' && name !== 'signOut',
  ) as [keyof typeof SEAT_ACCESS, Endpoint][];
  const seats: TeamPermission[][] = [...TEAM_PERMISSIONS.map((p) => [p]), [...TEAM_PERMISSIONS]];

  it.for(seats.map((p) => [p.join('+'), p] as const))(
    "holds a seat of %s to the contract's seat table on every endpoint",
    async ([, permissions], { w, mail }) => {
      const creator = await w.creator();
      const { seat } = await teamSeat(w, mail, creator, permissions);
      expect(walked.length).toBeGreaterThan(120);
      const wrong: string[] = [];
      let refused = 0;
      for (const [name, e] of walked) {
        const res = await w.api.request(e.method, pathOf(e), {
          token: seat,
          body: e.method === 'GET' ? undefined : {},
        });
        const may = seatMay(SEAT_ACCESS[name], permissions);
        const wasRefused = res.status === 403 && res.body?.code === 'team_permission';
        if (!may) refused++;
        if (may === wasRefused || res.status >= 500)
          wrong.push(`${name} ${e.method} ${e.path}: ${res.status} ${res.body?.code ?? ''}`);
      }
      expect(wrong).toEqual([]);
      // Whatever the seat holds, the creator's money, account and team stay out of reach.
      expect(refused).toBeGreaterThan(40);
      const out = await w.api.call('DELETE', '/v1/auth', { token: seat });
      expect(out.status).toBe(204);
      expect((await w.api.call('GET', '/v1/users/me', { token: seat })).status).toBe(401);
      // Signing the seat out leaves the member's own session and the creator's alone.
      expect((await w.api.call('GET', '/v1/users/me', { token: creator.token })).status).toBe(200);
    },
  );

  it('needs `paid` for a paid message and a priced broadcast, on top of the endpoint rule', async ({
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    const { seat } = await teamSeat(w, mail, creator, ['chats', 'broadcasts']);
    const paid = await w.send(seat, fan.user._id, 'pay to read', { price: 10 });
    expect(paid.status).toBe(403);
    expect(paid.body.message).toBe(TEAM_ERRORS.permission);
    const free = await w.send(seat, fan.user._id, 'hello from the team');
    expect(free.status).toBe(200);
    const priced = await w.api.call('POST', '/v1/broadcast/send', {
      token: seat,
      body: { type: 'text', text: 'for a price', price: 10, category: 'all' },
    });
    expect(priced.status).toBe(403);
    expect(priced.body.code).toBe('team_permission');
  });

  it('takes new permissions at its next request', async ({ w, mail }) => {
    const creator = await w.creator();
    const { seat, memberRowId } = await teamSeat(w, mail, creator, ['chats']);
    expect((await w.api.call('GET', '/v1/chats', { token: seat })).status).toBe(200);
    const changed = await w.api.call('PATCH', `/v1/team/members/${memberRowId}`, {
      token: creator.token,
      body: { permissions: ['feed'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.permissions).toEqual(['feed']);
    const chats = await w.api.call('GET', '/v1/chats', { token: seat });
    expect(chats.status).toBe(403);
    expect(chats.body.code).toBe('team_permission');
    const me = await w.api.call('GET', '/v1/users/me', { token: seat });
    expect(me.body.acting_member.permissions).toEqual(['feed']);
    // Another creator cannot change or remove her members.
    const stranger = await w.creator();
    for (const res of [
      await w.api.call('PATCH', `/v1/team/members/${memberRowId}`, {
        token: stranger.token,
        body: { permissions: ['chats'] },
      }),
      await w.api.call('DELETE', `/v1/team/members/${memberRowId}`, { token: stranger.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TEAM_ERRORS.memberNotFound);
    }
  });

  it('ends at once when the creator removes the member: its socket closes and its token stops', async ({
    server,
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const { member, seat, memberRowId } = await teamSeat(w, mail, creator, ['chats']);
    const socket = await connectSocket(server.url, seat);
    await socket.next('init');
    const removed = await w.api.call('DELETE', `/v1/team/members/${memberRowId}`, { token: creator.token });
    expect(removed.status).toBe(204);
    expect(await socket.closed).toBe(4001);
    expect((await w.api.call('GET', '/v1/chats', { token: seat })).status).toBe(401);
    expect((await w.api.call('GET', '/v1/team/workspaces', { token: member.token })).body.data).toEqual([]);
    const reopen = await w.api.call('POST', `/v1/team/workspaces/${creator.user._id}/session`, {
      token: member.token,
      body: {},
    });
    expect(reopen.status).toBe(404);
    // The member's own account carries on.
    expect((await w.api.call('GET', '/v1/users/me', { token: member.token })).body._id).toBe(member.user._id);
  });

  it("stops when the member's own account is banned", async ({ server, w, mail }) => {
    const creator = await w.creator();
    const { member, seat } = await teamSeat(w, mail, creator, ['chats']);
    await server.app.ctx.db
      .updateTable('users')
      .set({ banned_at: new Date() })
      .where('id', '=', member.user._id)
      .execute();
    expect((await w.api.call('GET', '/v1/chats', { token: seat })).status).toBe(401);
  });
});
