// The inbox: order, paging, tab counts and unread totals (opening chats and bulk actions are in
// chats.test.ts).
import { ChatList, ChatTotals, InboxType, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';

const it = apiTest();

describe('the inbox', () => {
  it('lists chats newest first, pages by offset with a next link, and searches by username prefix', async ({
    w,
    api,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, `hi from ${fan.user.username}`);
    const page1 = await call('GET', '/v1/chats?v=2&limit=2&offset=0', { token: creator.token });
    expect(page1.status).toBe(200);
    const list = ChatList.parse(page1.body);
    expect(list.data.map((c) => c.recipient_id)).toEqual([fans[2]!.user._id, fans[1]!.user._id]);
    expect(list.data[0]!.last_message?.text).toBe(`hi from ${fans[2]!.user.username}`);
    expect(list.unread_messages).toBe(3);
    expect(list.next).toContain('offset=2');
    const page2 = await api.request('GET', list.next!, { token: creator.token });
    expect(page2.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([fans[0]!.user._id]);
    expect(page2.body.next).toBeNull();
    const search = await call('GET', `/v1/chats?v=2&search=${fans[1]!.user.username.toUpperCase()}`, {
      token: creator.token,
    });
    expect(search.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([
      fans[1]!.user._id,
    ]);
    const like = await call('GET', '/v1/chats?v=2&search=%25', { token: creator.token });
    expect(like.body.data).toEqual([]);
  });

  it("puts the system account's unread chats first", async ({ server, w, call }) => {
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
    const list = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data[0].recipient_id).toBe(support.user._id);
    expect(list.body.data[0].is_staff).toBe(true);
    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'read', ids: support.user._id },
    });
    const after = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(after.body.data[0].recipient_id).toBe(fan.user._id);
  });

  it('pages through an inbox with pinned chats among the others: every chat once, in order', async ({
    server,
    w,
    api,
    call,
  }) => {
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
        const page = await call('GET', `/v1/chats?v=2&limit=${limit}&offset=${offset}`, {
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
        const page = await api.request('GET', next, { token: creator.token });
        expect(page.status).toBe(200);
        const body = page.body as { data: { recipient_id: string }[]; next: string | null };
        followed.push(...body.data.map((c) => c.recipient_id));
        next = body.next;
      }
      expect(followed, `limit ${limit} by next`).toEqual([...staffIds, ...others]);
    }
  });

  it('a next link continues after the chat the page ended on, even when a chat moved to the top meanwhile', async ({
    w,
    api,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await w.fan());
    for (const f of fans) await w.send(f.token, creator.user._id, 'hi');
    const newestFirst = fans.map((f) => f.user._id).reverse();
    const first = await call('GET', '/v1/chats?v=2&limit=2', { token: creator.token });
    expect(first.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(first.body.next).toMatch(/after=\d+_/);
    // The oldest chat gets a message: by offset the next page would repeat the second chat.
    await w.send(fans[0]!.token, creator.user._id, 'me again');
    const second = await api.request('GET', first.body.next, { token: creator.token });
    expect(second.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual(
      newestFirst.slice(2, 4),
    );
    const bad = await call('GET', '/v1/chats?v=2&after=99999999999999999999_x', {
      token: creator.token,
    });
    expect(bad.status).toBe(400);
  });

  it('keeps every tab count equal to the length of its list', async ({ server, w, call }) => {
    const creator = await w.creator();
    const [a, b, c, d] = [await w.fan(), await w.fan(), await w.fan(), await w.fan()];
    await w.giveCredits(a.user._id, VIP_MIN_SPENT_CREDITS + 50);
    await w.giveCredits(b.user._id, 20);
    for (const fan of [a, b, c, d]) await w.send(fan.token, creator.user._id, 'hello');
    // a pays enough to be a VIP, b is a fan (spent a little), c gets a reply, d is a favourite.
    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: a.user._id, rate: VIP_MIN_SPENT_CREDITS },
    });
    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: b.user._id, rate: 5 },
    });
    expect((await w.send(a.token, creator.user._id, 'worth it')).status).toBe(200);
    expect((await w.send(b.token, creator.user._id, 'small one')).status).toBe(200);
    await w.send(creator.token, c.user._id, 'thanks!');
    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'favorite', ids: d.user._id },
    });
    await server.app.ctx.db
      .updateTable('chat_members')
      .set({ is_subscriber: true })
      .where('user_id', '=', creator.user._id)
      .where('other_user_id', '=', b.user._id)
      .execute();

    const totals = ChatTotals.parse((await call('GET', '/v1/chats/total', { token: creator.token })).body);
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
      const list = await call('GET', `/v1/chats?v=2&limit=100&type=${type}`, { token: creator.token });
      expect(list.body.data.length, type).toBe(totals[key[type] ?? (type as keyof typeof totals)]);
    }
    const vip = await call('GET', '/v1/chats?v=2&type=vip', { token: creator.token });
    expect(vip.body.data[0].recipient_id).toBe(a.user._id);
  });

  it('keeps counts and unread totals exact under concurrent messages, payments and bulk actions', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = await Promise.all(Array.from({ length: 10 }, () => w.fan()));
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    for (const fan of fans.slice(0, 4)) {
      await w.giveCredits(fan.user._id, 2_000);
      await call('POST', '/v1/chats/change-rate', {
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
    const act = (body: Record<string, unknown>) => call('PATCH', '/v1/chats', { token: creator.token, body });
    await Promise.all([
      act({ action: 'favorite', ids: ids(fans.slice(0, 3)) }),
      act({ action: 'read', ids: ids(fans.slice(2, 5)) }),
      act({ action: 'hide', ids: ids(fans.slice(8)) }),
      act({ action: 'delete', ids: ids(fans.slice(7, 8)) }),
    ]);
    // A hidden chat comes back with its next message; a favourite read in select-all mode.
    await Promise.all([burst(), act({ action: 'read', type: 'favorites', except_ids: fans[0]?.user._id })]);

    const totals = ChatTotals.parse((await call('GET', '/v1/chats/total', { token: creator.token })).body);
    const key = { fans2: 'fans' } as Record<string, keyof typeof totals>;
    for (const type of InboxType.options) {
      const list = await call('GET', `/v1/chats?v=2&limit=100&type=${type}`, { token: creator.token });
      expect(list.body.data.length, type).toBe(totals[key[type] ?? (type as keyof typeof totals)]);
    }
    expect(totals.all).toBe(10);
    expect(totals.vip).toBe(4);
    const all = ChatList.parse((await call('GET', '/v1/chats?v=2&limit=100', { token: creator.token })).body);
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

  it('refuses unknown filters and bad paging', async ({ w, call }) => {
    const fan = await w.fan();
    expect((await call('GET', '/v1/chats?type=fans', { token: fan.token })).status).toBe(400);
    expect((await call('GET', '/v1/chats?limit=1000', { token: fan.token })).status).toBe(400);
    expect((await call('GET', '/v1/chats?offset=-1', { token: fan.token })).status).toBe(400);
    expect((await call('GET', '/v1/chats')).status).toBe(401);
  });
});
