import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { mailbox } from './support/mailbox';
import { photoWithGps, upload } from './support/media';
import { connectSocket } from './support/socket';
import { teamSeat } from './support/team';

// Who wrote each message and what each member sold (docs/team.md): the creator's side sees the
// member, the fan only that her team wrote it; sales and tips count for their authors.

const it = apiTest().extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

describe('the author of a message', () => {
  it('names the member to the creator and her team, and only "her team" to the fan, everywhere', async ({
    server,
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const { chat_id: chatId } = await w.openChat(fan.token, creator.user._id);
    const { member, seat } = await teamSeat(w, mail, creator, ['chats', 'paid']);
    const fanSocket = await connectSocket(server.url, fan.token);
    await fanSocket.next('init');

    const sent = await w.send(seat, fan.user._id, 'Hi from the team');
    expect(sent.status).toBe(200);
    const id = sent.body.message._id as string;
    const named = { kind: 'team', member_id: member.user._id, username: member.user.username };
    expect(sent.body.message.author).toEqual(named);
    const own = await w.send(creator.token, fan.user._id, 'And me myself');
    expect(own.body.message.author).toEqual({ kind: 'creator', member_id: null, username: null });

    const creatorPage = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: creator.token });
    const seatPage = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: seat });
    for (const page of [creatorPage, seatPage]) {
      const msg = page.body.data.find((m: { _id: string }) => m._id === id);
      expect(msg.author).toEqual(named);
    }

    const frame = await fanSocket.next('new_message', (d) => d.message_id === id);
    const fanPage = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    const byIds = await w.api.call('GET', `/v1/messages?ids=${id}`, { token: fan.token });
    const exported = await fetch(`${server.url}/v1/users/export`, { headers: { 'access-token': fan.token } });
    const archive = Buffer.from(await exported.arrayBuffer()).toString('latin1');
    const fanMessage = fanPage.body.data.find((m: { _id: string }) => m._id === id);
    expect(fanMessage.author).toEqual({ kind: 'team', member_id: null, username: null });
    expect(frame.data.info.message.author).toEqual({ kind: 'team', member_id: null, username: null });
    for (const seen of [
      JSON.stringify(frame.data),
      JSON.stringify(fanPage.body),
      JSON.stringify(byIds.body),
    ]) {
      expect(seen).not.toContain(member.user._id);
      expect(seen).not.toContain(member.user.username);
    }
    expect(exported.status).toBe(200);
    expect(archive).not.toContain(member.user.username);
    fanSocket.close();
  });

  it('marks automatic messages as automation', async ({ w }) => {
    const creator = await w.creator();
    const set = await w.api.call('PUT', '/v1/users/greeting', {
      token: creator.token,
      body: { text: 'Welcome, glad you are here' },
    });
    expect(set.status).toBeLessThan(300);
    const fan = await w.fan();
    const { chat_id: chatId } = await w.openChat(fan.token, creator.user._id);
    let greeting: { author: unknown } | undefined;
    for (let i = 0; i < 50 && !greeting; i++) {
      const page = await w.api.call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
      greeting = page.body.data.find((m: { text: string }) => m.text === 'Welcome, glad you are here');
      if (!greeting) await new Promise((r) => setTimeout(r, 50));
    }
    expect(greeting?.author).toEqual({ kind: 'automation', member_id: null, username: null });
  });
});

describe('team stats and activity', () => {
  it("counts a paid message's sale and a tip for the member who wrote, and logs what they did", async ({
    server,
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 500);
    await w.openChat(fan.token, creator.user._id);
    const { member, seat } = await teamSeat(w, mail, creator, ['chats', 'paid', 'earnings']);
    const from = new Date(Date.now() - 60_000).toISOString();

    await w.send(fan.token, creator.user._id, 'Hello?');
    const photo = (await upload(server.url, creator.token, await photoWithGps(400, 300))).body.media;
    const paid = await w.api.call('POST', '/v1/messages', {
      token: seat,
      body: { type: 'image', recipient_id: fan.user._id, public_id: photo.public_id, price: 40 },
    });
    expect(paid.status).toBe(200);
    const bought = await w.api.call('PATCH', `/v1/messages/${paid.body.message._id}/buy`, {
      token: fan.token,
      body: {},
    });
    expect(bought.status).toBe(200);
    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 25 },
    });
    expect(tip.status).toBeLessThan(300);
    await w.send(creator.token, fan.user._id, 'Thanks!');
    // A tip in a chat the creator side has not written to in the last day counts for her.
    const quiet = await w.fan();
    await w.giveCredits(quiet.user._id, 100);
    await w.openChat(quiet.token, creator.user._id);
    const quietTip = await w.api.call('POST', '/v1/tips', {
      token: quiet.token,
      body: { recipient_id: creator.user._id, amount: 15 },
    });
    expect(quietTip.status).toBeLessThan(300);

    const to = new Date(Date.now() + 60_000).toISOString();
    const stats = await w.api.call('GET', `/v1/team/stats?from=${from}&to=${to}`, { token: seat });
    expect(stats.status).toBe(200);
    const rows = stats.body.data as { member: { _id: string } | null; median_reply_seconds: number | null }[];
    const memberRow = rows.find((r) => r.member?._id === member.user._id);
    expect(memberRow).toMatchObject({
      messages_sent: 1,
      paid_sent: 1,
      paid_sold: 1,
      sales_credits: 40,
      tips_credits: 25,
    });
    expect(memberRow?.median_reply_seconds).toBeGreaterThanOrEqual(0);
    expect(rows.find((r) => r.member === null)).toMatchObject({
      messages_sent: 1,
      paid_sold: 0,
      tips_credits: 15,
    });
    const bad = await w.api.call('GET', `/v1/team/stats?from=${to}&to=${from}`, { token: creator.token });
    expect(bad.status).toBe(400);

    const log = await w.api.call('GET', '/v1/team/activity', { token: creator.token });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        member: { _id: member.user._id, username: member.user.username },
        action: 'paid_message',
        target: fan.user.username,
      }),
    ]);
    // A seat without `earnings` sees no figures; the log is the creator's alone.
    const { seat: chatsOnly } = await teamSeat(w, mail, creator, ['chats']);
    expect(
      (await w.api.call('GET', `/v1/team/stats?from=${from}&to=${to}`, { token: chatsOnly })).status,
    ).toBe(403);
    expect((await w.api.call('GET', '/v1/team/activity', { token: seat })).status).toBe(403);
  });
});
