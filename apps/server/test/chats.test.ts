import { ChatList, ChatTotals, ERRORS, InboxType, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, creatorShare } from './support/balances';
import { startServer, type TestServer } from './support/server';
import { world } from './support/world';

let server: TestServer;
let w: ReturnType<typeof world>;

beforeAll(async () => {
  server = await startServer();
  w = world(server);
});
afterAll(() => server?.close());

describe('opening a chat', () => {
  it('opens a chat between a fan and a creator, once, and both can read it', async () => {
    const fan = await w.fan();
    const creator = await w.creator();
    const first = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(first.status).toBe(200);
    expect(first.body.recipient_id).toBe(creator.user._id);
    expect(first.body.other_user.username).toBe(creator.user.username);
    const again = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(again.body.chat_id).toBe(first.body.chat_id);
    const theirs = await w.api.call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.chat_id).toBe(first.body.chat_id);
  });

  it('answers the spec messages for own user, unknown users, two fans and missing chats', async () => {
    const fan = await w.fan();
    const other = await w.fan();
    const own = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: fan.user._id },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(ERRORS.ownChat);
    const unknown = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERRORS.userNotFound);
    const junk = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: "1' OR 1=1" },
    });
    expect(junk.status).toBe(404);
    const fans = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: other.user._id },
    });
    expect(fans.status).toBe(403);
    expect(fans.body.message).toBe(ERRORS.cannotCreateChat);
    const missing = await w.api.call('GET', `/v1/chat?recipient_id=${other.user._id}`, { token: fan.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ERRORS.chatNotFound);
    expect((await w.api.call('POST', '/v1/chat', { body: { recipient_id: other.user._id } })).status).toBe(
      401,
    );
  });

  it('refuses to open or write in a chat where either side blocked the other', async () => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const block = await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'block', ids: fan.user._id },
    });
    expect(block.body).toEqual({ action: 'block', updated: 1 });
    const send = await w.send(fan.token, creator.user._id, 'hello?');
    expect(send.status).toBe(403);
    expect(send.body.message).toBe(ERRORS.blocked);
    await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'unblock', ids: fan.user._id },
    });
    expect((await w.send(fan.token, creator.user._id, 'hello again')).status).toBe(200);
  });
});

describe('the inbox', () => {
  it('lists chats newest first, pages by offset with a next link, and searches by username prefix', async () => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, `hi from ${fan.user.username}`);
    const page1 = await w.api.call('GET', '/v1/chats?v=2&limit=2&offset=0', { token: creator.token });
    expect(page1.status).toBe(200);
    const list = ChatList.parse(page1.body);
    expect(list.data.map((c) => c.recipient_id)).toEqual([fans[2]!.user._id, fans[1]!.user._id]);
    expect(list.data[0]!.last_message?.text).toBe(`hi from ${fans[2]!.user.username}`);
    expect(list.unread_messages).toBe(3);
    expect(list.next).toContain('offset=2');
    const page2 = await w.api.call('GET', list.next!, { token: creator.token });
    expect(page2.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([fans[0]!.user._id]);
    expect(page2.body.next).toBeNull();
    const search = await w.api.call('GET', `/v1/chats?v=2&search=${fans[1]!.user.username.toUpperCase()}`, {
      token: creator.token,
    });
    expect(search.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([
      fans[1]!.user._id,
    ]);
    const like = await w.api.call('GET', '/v1/chats?v=2&search=%25', { token: creator.token });
    expect(like.body.data).toEqual([]);
  });

  it("puts the system account's unread chats first", async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'newest fan message?');
    const support = await w.fan();
    await server.app.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', support.user._id)
      .execute();
    await w.send(support.token, creator.user._id, 'Parlor support here');
    await w.send(fan.token, creator.user._id, 'even newer');
    const list = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data[0].recipient_id).toBe(support.user._id);
    expect(list.body.data[0].is_staff).toBe(true);
    await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'read', ids: support.user._id },
    });
    const after = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(after.body.data[0].recipient_id).toBe(fan.user._id);
  });

  it('pages through an inbox with pinned chats among the others: every chat once, in order', async () => {
    const creator = await w.creator();
    const staff = async () => {
      const u = await w.fan();
      await server.app.ctx.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', u.user._id)
        .execute();
      return u;
    };
    // Pinned chats sit between others in time order: each page must skip them where they would be.
    const order: { token: string; user: { _id: string } }[] = [];
    for (const kind of ['fan', 'fan', 'staff', 'fan', 'fan', 'fan', 'staff', 'fan', 'fan'])
      order.push(kind === 'staff' ? await staff() : await w.fan());
    for (const u of order) await w.send(u.token, creator.user._id, 'hello');
    const staffIds = [order[6]!.user._id, order[2]!.user._id];
    const others = order
      .map((u) => u.user._id)
      .filter((id) => !staffIds.includes(id))
      .reverse();
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      for (let offset = 0; offset < order.length; offset += limit) {
        const page = await w.api.call('GET', `/v1/chats?v=2&limit=${limit}&offset=${offset}`, {
          token: creator.token,
        });
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((c: { recipient_id: string }) => c.recipient_id));
      }
      expect(seen, `limit ${limit}`).toEqual([...staffIds, ...others]);
      // Following the `next` links (which carry where each page ended) gives the same list.
      const followed: string[] = [];
      let next: string | null = `/v1/chats?v=2&limit=${limit}`;
      while (next) {
        const page = await w.api.call('GET', next, { token: creator.token });
        expect(page.status).toBe(200);
        const body = page.body as { data: { recipient_id: string }[]; next: string | null };
        followed.push(...body.data.map((c) => c.recipient_id));
        next = body.next;
      }
      expect(followed, `limit ${limit} by next`).toEqual([...staffIds, ...others]);
    }
  });

  it('a next link continues after the chat the page ended on, even when a chat moved to the top meanwhile', async () => {
    const creator = await w.creator();
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await w.fan());
    for (const f of fans) await w.send(f.token, creator.user._id, 'hi');
    const newestFirst = fans.map((f) => f.user._id).reverse();
    const first = await w.api.call('GET', '/v1/chats?v=2&limit=2', { token: creator.token });
    expect(first.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(first.body.next).toMatch(/after=\d+_/);
    // The oldest chat gets a message: by offset the next page would repeat the second chat.
    await w.send(fans[0]!.token, creator.user._id, 'me again');
    const second = await w.api.call('GET', first.body.next, { token: creator.token });
    expect(second.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual(
      newestFirst.slice(2, 4),
    );
    const bad = await w.api.call('GET', '/v1/chats?v=2&after=99999999999999999999_x', {
      token: creator.token,
    });
    expect(bad.status).toBe(400);
  });

  it('keeps every tab count equal to the length of its list', async () => {
    const creator = await w.creator();
    const [a, b, c, d] = [await w.fan(), await w.fan(), await w.fan(), await w.fan()];
    await w.giveCredits(a.user._id, VIP_MIN_SPENT_CREDITS + 50);
    await w.giveCredits(b.user._id, 20);
    for (const fan of [a, b, c, d]) await w.send(fan.token, creator.user._id, 'hello');
    // a pays enough to be a VIP, b is a fan (spent a little), c gets a reply, d is a favourite.
    await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: a.user._id, rate: VIP_MIN_SPENT_CREDITS },
    });
    await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: b.user._id, rate: 5 },
    });
    expect((await w.send(a.token, creator.user._id, 'worth it')).status).toBe(200);
    expect((await w.send(b.token, creator.user._id, 'small one')).status).toBe(200);
    await w.send(creator.token, c.user._id, 'thanks!');
    await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'favorite', ids: d.user._id },
    });
    await server.app.ctx.db
      .updateTable('chat_members')
      .set({ is_subscriber: true })
      .where('user_id', '=', creator.user._id)
      .where('other_user_id', '=', b.user._id)
      .execute();

    const totals = ChatTotals.parse(
      (await w.api.call('GET', '/v1/chats/total', { token: creator.token })).body,
    );
    expect(totals).toMatchObject({
      all: 4,
      fans: 2,
      vip: 1,
      favorites: 1,
      sent: 1,
      unreplied: 3,
      subscribers: 1,
      recent: 4,
    });
    const key = { fans2: 'fans' } as Record<string, keyof typeof totals>;
    for (const type of InboxType.options) {
      const list = await w.api.call('GET', `/v1/chats?v=2&limit=100&type=${type}`, { token: creator.token });
      expect(list.body.data.length, type).toBe(totals[key[type] ?? (type as keyof typeof totals)]);
    }
    const vip = await w.api.call('GET', '/v1/chats?v=2&type=vip', { token: creator.token });
    expect(vip.body.data[0].recipient_id).toBe(a.user._id);
  });

  it('keeps counts and unread totals exact under concurrent messages, payments and bulk actions', async () => {
    const creator = await w.creator();
    const fans = await Promise.all(Array.from({ length: 10 }, () => w.fan()));
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    for (const fan of fans.slice(0, 4)) {
      await w.giveCredits(fan.user._id, 2_000);
      await w.api.call('POST', '/v1/chats/change-rate', {
        token: creator.token,
        body: { user_id: fan.user._id, rate: 130 },
      });
    }
    const burst = () =>
      Promise.all(
        fans.flatMap((fan, i) => [
          w.send(fan.token, creator.user._id, `from fan ${i}`),
          w.send(fan.token, creator.user._id, `again ${i}`),
          ...(i % 2 === 0 ? [w.send(creator.token, fan.user._id, `reply ${i}`)] : []),
        ]),
      );
    const first = await burst();
    expect(first.every((r) => r.status === 200)).toBe(true);
    const ids = (list: typeof fans) => list.map((f) => f.user._id).join(',');
    const act = (body: Record<string, unknown>) =>
      w.api.call('PATCH', '/v1/chats', { token: creator.token, body });
    await Promise.all([
      act({ action: 'favorite', ids: ids(fans.slice(0, 3)) }),
      act({ action: 'read', ids: ids(fans.slice(2, 5)) }),
      act({ action: 'hide', ids: ids(fans.slice(8)) }),
      act({ action: 'delete', ids: ids(fans.slice(7, 8)) }),
    ]);
    // A hidden chat comes back with its next message; a favourite read in select-all mode.
    await Promise.all([burst(), act({ action: 'read', type: 'favorites', except_ids: fans[0]?.user._id })]);

    const totals = ChatTotals.parse(
      (await w.api.call('GET', '/v1/chats/total', { token: creator.token })).body,
    );
    const key = { fans2: 'fans' } as Record<string, keyof typeof totals>;
    for (const type of InboxType.options) {
      const list = await w.api.call('GET', `/v1/chats?v=2&limit=100&type=${type}`, { token: creator.token });
      expect(list.body.data.length, type).toBe(totals[key[type] ?? (type as keyof typeof totals)]);
    }
    expect(totals.all).toBe(10);
    expect(totals.vip).toBe(4);
    const all = ChatList.parse(
      (await w.api.call('GET', '/v1/chats?v=2&limit=100', { token: creator.token })).body,
    );
    const sum = (pick: (c: (typeof all.data)[number]) => number) => all.data.reduce((n, c) => n + pick(c), 0);
    expect(all.unread_messages).toBe(sum((c) => c.unread_messages));
    expect(all.unread_messages_favorites).toBe(sum((c) => (c.is_favorite ? c.unread_messages : 0)));
    expect(all.unread_messages).toBeGreaterThan(0);
    // Every user's counter row equals a recount of their member rows.
    const recount = await sql<{ user_id: string; stored: string; fresh: string }>`
      WITH c AS (
        SELECT user_id, sum(chats) AS chats, sum(unread_messages) AS unread, sum(sent) AS sent,
          sum(unreplied) AS unreplied, sum(favorites) AS favorites
        FROM inbox_counters GROUP BY user_id
      )
      SELECT m.user_id, row(c.chats, c.unread, c.sent, c.unreplied, c.favorites)::text AS stored,
        row(count(*), sum(m.unread_messages), count(*) FILTER (WHERE m.last_sender_id = m.user_id),
            count(*) FILTER (WHERE m.last_sender_id = m.other_user_id), count(*) FILTER (WHERE m.is_favorite))::text AS fresh
      FROM chat_members m JOIN c ON c.user_id = m.user_id
      WHERE NOT m.hidden AND m.user_id IN (${sql.join([creator.user._id, ...fans.map((f) => f.user._id)])})
      GROUP BY m.user_id, c.chats, c.unread, c.sent, c.unreplied, c.favorites`.execute(server.app.ctx.db);
    expect(recount.rows.length).toBe(11);
    for (const r of recount.rows) expect(r.stored, r.user_id).toBe(r.fresh);
  });

  it('refuses unknown filters and bad paging', async () => {
    const fan = await w.fan();
    expect((await w.api.call('GET', '/v1/chats?type=fans', { token: fan.token })).status).toBe(400);
    expect((await w.api.call('GET', '/v1/chats?limit=1000', { token: fan.token })).status).toBe(400);
    expect((await w.api.call('GET', '/v1/chats?offset=-1', { token: fan.token })).status).toBe(400);
    expect((await w.api.call('GET', '/v1/chats')).status).toBe(401);
  });
});

describe('bulk actions', () => {
  it('hides everything but the exceptions in select-all mode, and a new message brings a chat back', async () => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const res = await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'hide', except_ids: fans[0]!.user._id, type: 'all' },
    });
    expect(res.body).toEqual({ action: 'hide', updated: 2 });
    const list = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([fans[0]!.user._id]);
    await w.send(fans[2]!.token, creator.user._id, 'still there?');
    const back = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(back.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([
      fans[2]!.user._id,
      fans[0]!.user._id,
    ]);
  });

  it('favourites chats by ids and takes them out again, with the favourites tab and count following', async () => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const act = (action: string, ids: string) =>
      w.api.call('PATCH', '/v1/chats', { token: creator.token, body: { action, ids } });
    const favourites = async () => ({
      list: (await w.api.call('GET', '/v1/chats?v=2&type=favorites', { token: creator.token })).body.data.map(
        (c: { recipient_id: string; is_favorite: boolean }) => [c.recipient_id, c.is_favorite],
      ),
      count: (await w.api.call('GET', '/v1/chats/total', { token: creator.token })).body.favorites,
    });

    expect((await act('favorite', fans.map((f) => f.user._id).join(','))).body.updated).toBe(2);
    expect((await favourites()).count).toBe(2);
    expect((await act('remove_favorite', fans[0]!.user._id)).body).toEqual({
      action: 'remove_favorite',
      updated: 1,
    });
    expect(await favourites()).toEqual({ list: [[fans[1]!.user._id, true]], count: 1 });
  });

  it('deletes history for the deleter only', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'first');
    const chat = await w.api.call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'delete', ids: fan.user._id },
    });
    const mine = await w.api.call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: creator.token });
    expect(mine.body.data).toEqual([]);
    const theirs = await w.api.call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(theirs.body.data.map((m: { text: string }) => m.text)).toEqual(['first']);
  });

  it('marks chats read, reports users, and refuses malformed requests', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'one');
    await w.send(fan.token, creator.user._id, 'two');
    const read = await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'read', ids: fan.user._id },
    });
    expect(read.body.updated).toBe(1);
    const chat = await w.api.call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    const msgs = await w.api.call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(msgs.status, JSON.stringify(msgs.body)).toBe(200);
    expect(msgs.body.data.every((m: { is_read: boolean }) => m.is_read)).toBe(true);
    const report = await w.api.call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'report', ids: fan.user._id, reason: 'spam' },
    });
    expect(report.body.updated).toBe(1);
    const reports = await server.app.ctx.db
      .selectFrom('user_reports')
      .selectAll()
      .where('reported_id', '=', fan.user._id)
      .execute();
    expect(reports.length).toBe(1);
    const patch = (body: unknown) => w.api.call('PATCH', '/v1/chats', { token: creator.token, body });
    expect((await patch({ action: 'explode', ids: fan.user._id })).status).toBe(400);
    expect((await patch({ action: 'hide' })).status).toBe(400);
    expect((await patch({ action: 'hide', ids: '' })).status).toBe(400);
    expect((await patch({ action: 'hide', ids: 'a', except_ids: 'b' })).status).toBe(400);
  });

  it("cannot touch another user's chats through ids", async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    const stranger = await w.fan();
    await w.send(fan.token, creator.user._id, 'private');
    const res = await w.api.call('PATCH', '/v1/chats', {
      token: stranger.token,
      body: { action: 'delete', ids: `${fan.user._id},${creator.user._id}` },
    });
    expect(res.body.updated).toBe(0);
    const list = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data.length).toBe(1);
  });
});

describe('rates and notes', () => {
  it('charges a fan the rate per message through the ledger and refuses when the balance is short', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 12);
    await w.openChat(fan.token, creator.user._id);
    const rate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 5 },
    });
    expect(rate.status).toBe(200);
    expect((await w.send(fan.token, creator.user._id, 'one')).body.credits).toBe(7);
    expect((await w.send(fan.token, creator.user._id, 'two')).body.credits).toBe(2);
    const short = await w.send(fan.token, creator.user._id, 'three');
    expect(short.status).toBe(402);
    expect(short.body.message).toBe(ERRORS.balanceTooLow);
    const db = server.app.ctx.db;
    expect((await balances(db, creator.user._id)).earnings).toBe(2 * creatorShare(5));
    // The creator replies for free.
    expect((await w.send(creator.token, fan.user._id, 'thanks')).status).toBe(200);
    const fanRate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: fan.token,
      body: { user_id: creator.user._id, rate: 0 },
    });
    expect(fanRate.status).toBe(403);
    const bad = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps notes private to their author', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'hi');
    const note = await w.api.call('POST', '/v1/chats/note', {
      token: creator.token,
      body: { id: fan.user._id, note: 'Likes travel' },
    });
    expect(note.status).toBe(201);
    const chat = await w.api.call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(chat.body.notes.map((n: { text: string }) => n.text)).toEqual(['Likes travel']);
    const fanView = await w.api.call('GET', `/v1/chat?recipient_id=${creator.user._id}`, {
      token: fan.token,
    });
    expect(fanView.body.notes).toEqual([]);
    // The inbox list carries them too, for their author only.
    const inbox = await w.api.call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(inbox.body.data[0].notes.map((n: { text: string }) => n.text)).toEqual(['Likes travel']);
    const fanInbox = await w.api.call('GET', '/v1/chats?v=2', { token: fan.token });
    expect(fanInbox.body.data[0].notes).toEqual([]);
    expect(
      (await w.api.call('PATCH', `/v1/notes/${note.body._id}`, { token: fan.token, body: { text: 'x' } }))
        .status,
    ).toBe(404);
    expect((await w.api.call('DELETE', `/v1/notes/${note.body._id}`, { token: fan.token })).status).toBe(404);
    const edited = await w.api.call('PATCH', `/v1/notes/${note.body._id}`, {
      token: creator.token,
      body: { text: 'Loves travel' },
    });
    expect(edited.body.text).toBe('Loves travel');
    expect((await w.api.call('DELETE', `/v1/notes/${note.body._id}`, { token: creator.token })).status).toBe(
      204,
    );
    expect(
      (
        await w.api.call('POST', '/v1/chats/note', {
          token: creator.token,
          body: { id: fan.user._id, note: '   ' },
        })
      ).status,
    ).toBe(400);
  });
});
