import type { Socket } from 'node:net';
import { NewMessageEvent } from '@parlor/contract';
import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';

const it = apiTest();

describe('realtime', () => {
  it('refuses a socket without a valid token', async ({ server }) => {
    const socket = await connectSocket(server.url, 'not-a-token');
    expect(await socket.closed).toBe(4001);
  });

  it('delivers messages, unread totals, typing, reads and presence between a fan and a creator', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { chat_id } = await w.openChat(fan.token, creator.user._id);
    const creatorSocket = await connectSocket(server.url, creator.token);
    expect((await creatorSocket.next('init')).data.user_id).toBe(creator.user._id);

    const fanSocket = await connectSocket(server.url, fan.token);
    const init = await fanSocket.next('init');
    expect(init.data.online_user_ids).toEqual([creator.user._id]);
    expect(
      (await creatorSocket.next('user_online', (d) => d.user_id === fan.user._id)).data.last_online,
    ).toBeTruthy();

    fanSocket.send('typing', { chat_id, state: 'start' });
    expect((await creatorSocket.next('typing_start')).data).toEqual({ sender_id: fan.user._id, chat_id });
    fanSocket.send('typing', { chat_id, state: 'stop' });
    expect((await creatorSocket.next('typing_stop')).data).toEqual({ sender_id: fan.user._id, chat_id });

    const sent = await w.send(fan.token, creator.user._id, 'live hello');
    const event = NewMessageEvent.parse((await creatorSocket.next('new_message')).data);
    expect(event).toMatchObject({
      sender_id: fan.user._id,
      recipient_id: creator.user._id,
      chat_id,
      message_id: sent.body.message._id,
      text: 'live hello',
      unread_messages: 1,
      system: false,
    });
    expect((event.info as { message: { _id: string } }).message._id).toBe(sent.body.message._id);
    expect((await creatorSocket.next('unread_messages')).data).toEqual({
      unread_messages: 1,
      unread_messages_favorites: 0,
    });
    // The sender's other tabs learn of it too.
    expect((await fanSocket.next('new_message')).data.message_id).toBe(sent.body.message._id);

    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'read', ids: fan.user._id },
    });
    const read = await fanSocket.next('message_read');
    expect(read.data).toMatchObject({
      chat_id,
      reader_id: creator.user._id,
      last_read_message_id: sent.body.message._id,
    });

    await call('DELETE', `/v1/messages/${sent.body.message._id}`, { token: fan.token });
    expect((await creatorSocket.next('message_deleted')).data).toEqual({
      chat_id,
      message_id: sent.body.message._id,
    });

    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 4 },
    });
    expect((await fanSocket.next('new_rate')).data).toEqual({
      chat_id,
      user_id: creator.user._id,
      new_rate: 4,
    });

    fanSocket.send('ping', {});
    expect((await fanSocket.next('pong')).data.ts).toBeTypeOf('number');

    fanSocket.close();
    expect((await creatorSocket.next('user_offline', (d) => d.user_id === fan.user._id)).data.user_id).toBe(
      fan.user._id,
    );
    creatorSocket.close();
  });

  it('does not relay typing into a chat the sender is not part of', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { chat_id } = await w.openChat(fan.token, creator.user._id);
    const intruder = await w.fan();
    const creatorSocket = await connectSocket(server.url, creator.token);
    const intruderSocket = await connectSocket(server.url, intruder.token);
    await intruderSocket.next('init');
    intruderSocket.send('typing', { chat_id, state: 'start' });
    intruderSocket.send('typing', { chat_id: 'garbage', state: 'start' });
    intruderSocket.ws.send('not json at all');
    intruderSocket.send('ping', {});
    await intruderSocket.next('pong');
    await expect(creatorSocket.next('typing_start', () => true, 300)).rejects.toThrow();
    creatorSocket.close();
    intruderSocket.close();
  });

  it('tells a banned user why and closes their open socket', async ({ server, w, call }) => {
    const fan = await w.fan();
    const admin = await w.fan();
    await server.app.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', admin.user._id)
      .execute();
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const ban = await call('POST', `/v1/admin/users/${fan.user._id}/ban`, {
      token: admin.token,
      body: { reason: 'Spam' },
    });
    expect(ban.status).toBe(200);
    expect((await socket.next('banned')).data.reason).toBe('Spam');
    expect(await socket.closed).toBe(4001);
  });

  it("keeps its own users' presence fresh and lets a vanished process's users go offline", async ({
    server,
    w,
  }) => {
    const db = server.app.ctx.db;
    const present = await w.fan();
    const vanished = await w.fan();
    const socket = await connectSocket(server.url, present.token);
    await socket.next('init');
    // Both look as if their last heartbeat was five minutes ago; only one has a socket here (the
    // other's process is gone without saying so).
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await db
      .updateTable('users')
      .set({ online: true, last_online: longAgo })
      .where('id', 'in', [present.user._id, vanished.user._id])
      .execute();

    await server.app.ctx.jobs.runNow('presence.refresh');
    await server.app.ctx.jobs.runNow('presence.sweep');
    const rows = await db
      .selectFrom('users')
      .select(['id', 'online', 'last_online'])
      .where('id', 'in', [present.user._id, vanished.user._id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(present.user._id)?.online).toBe(true);
    expect(byId.get(present.user._id)!.last_online!.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(byId.get(vanished.user._id)?.online).toBe(false);
    socket.close();
  });

  it('lets a user go offline whose page dropped its socket while it was being signed in', async ({
    server,
    w,
  }) => {
    const db = server.app.ctx.db;
    const fan = await w.fan();
    // A page that navigates away or a phone that loses signal resets the connection right after
    // the upgrade, before the server has checked the token.
    for (let i = 0; i < 10; i++) {
      const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/v1/ws?token=${fan.token}`);
      await new Promise<void>((resolve) => {
        ws.once('upgrade', (res) => {
          (res.socket as Socket).resetAndDestroy();
          resolve();
        });
        ws.once('error', () => resolve());
      });
    }
    const online = async () =>
      (await db.selectFrom('users').select('online').where('id', '=', fan.user._id).executeTakeFirstOrThrow())
        .online;
    // The server may still be checking a token when the first look finds the fan offline: offline
    // counts once it has held for a few looks in a row.
    let offlineLooks = 0;
    for (let i = 0; i < 200 && offlineLooks < 5; i++) {
      offlineLooks = (await online()) ? 0 : offlineLooks + 1;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await online()).toBe(false);
    // And the next real socket that closes takes them offline again.
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    expect(await online()).toBe(true);
    socket.close();
    for (let i = 0; i < 200 && (await online()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await online()).toBe(false);
  });

  it('leaves a user online whom another process saw connect after their last socket here closed', async ({
    server,
    w,
  }) => {
    const db = server.app.ctx.db;
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    const fanSocket = await connectSocket(server.url, fan.token);
    await fanSocket.next('init');
    await creatorSocket.next('user_online', (d) => d.user_id === fan.user._id);
    // Another process registers the fan's new socket a moment from now, after this one decides the
    // fan left (its attach writes the later last_online).
    const later = new Date(Date.now() + 60_000);
    await db.updateTable('users').set({ last_online: later }).where('id', '=', fan.user._id).execute();

    fanSocket.close();
    await expect(
      creatorSocket.next('user_offline', (d) => d.user_id === fan.user._id, 500),
    ).rejects.toThrow();
    const row = await db
      .selectFrom('users')
      .select(['online', 'last_online'])
      .where('id', '=', fan.user._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ online: true, last_online: later });
    creatorSocket.close();
  });

  it('closes the sockets of a session at sign-out: no private event reaches them afterwards', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const other = await call('POST', '/v1/auth', {
      body: { login: creator.user.username, password: creator.password },
    });
    const signingOut = await connectSocket(server.url, creator.token);
    await signingOut.next('init');
    const staying = await connectSocket(server.url, other.body.access_token);
    await staying.next('init');

    expect((await call('DELETE', '/v1/auth', { token: creator.token })).status).toBe(204);
    const sent = await w.send(fan.token, creator.user._id, 'after sign-out');
    expect(sent.status).toBe(200);
    // The creator's other session still hears it; the one signed out was closed before it was sent.
    expect((await staying.next('new_message')).data.message_id).toBe(sent.body.message._id);
    const closed = await Promise.race([signingOut.closed, new Promise((r) => setTimeout(r, 1000, 'open'))]);
    expect(closed).toBe(4001);
    expect(signingOut.frames.map((f) => f.event)).not.toContain('new_message');
    staying.close();
  });

  it('closes a socket whose token was checked just before its session ended', async ({ server, w, call }) => {
    const fan = await w.fan();
    const [session] = (await call('GET', '/v1/users/sessions', { token: fan.token })).body.sessions;
    // The end reaches this process while the token is still live: as if the socket's check had
    // passed a moment before the sign-out.
    await server.app.ctx.hub.endSession(session._id);
    const socket = await connectSocket(server.url, fan.token);
    expect(await socket.closed).toBe(4001);
  });
});
