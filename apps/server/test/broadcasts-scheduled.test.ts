import { BROADCAST_MESSAGES, SCHEDULE_MESSAGES, TEAM_ERRORS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type Account, addMembers, createList, creatorWithFans, fanOf } from './support/lists';
import { mailbox } from './support/mailbox';
import { FULL_URL, photoWithGps, upload } from './support/media';
import { drain, HOUR, MINUTE, recipientsOf, schedule, statsOf } from './support/scheduled';
import { manualClock } from './support/server';
import { teamSeat } from './support/team';

// Scheduled broadcasts (docs/scheduling.md): stored with their draft, started by the durable queue
// at their time with the audience of that moment, exactly once across restarts and processes.

const clock = manualClock();
const it = apiTest({ SESSION_TTL_DAYS: '365' }, { clock }).extend('mail', { scope: 'file' }, ({ server }) =>
  mailbox(server),
);

const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

describe('scheduled broadcasts', () => {
  it('does not send before its time, then sends once to the audience of that moment', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 2);
    const sendAt = later(HOUR);
    const scheduled = await schedule(w, creator, sendAt);
    expect(scheduled).toEqual({ _id: scheduled._id, status: 'scheduled', send_at: sendAt });
    // A fan who writes after it was scheduled is in its audience: it is fixed when it starts.
    fans.push(await fanOf(w, creator));

    await drain(server);
    clock.advance(HOUR - MINUTE);
    await drain(server);
    expect(await recipientsOf(server, scheduled._id)).toEqual([]);
    expect(await statsOf(w, creator, scheduled._id)).toMatchObject({ status: 'scheduled', send_at: sendAt });

    clock.advance(2 * MINUTE);
    await drain(server);
    await drain(server);
    const copies = await recipientsOf(server, scheduled._id);
    expect(copies.map((c) => c.recipient_id).sort()).toEqual(fans.map((f) => f.user._id).sort());
    expect(copies.every((c) => c.text === 'see you tonight')).toBe(true);
    const stats = await statsOf(w, creator, scheduled._id);
    expect(stats).toMatchObject({ status: 'done', total: 3 });
    // send_at says when it really started.
    expect(new Date(stats?.send_at ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
    const chat = await w.openChat(fans[2]!.token, creator.user._id);
    const page = await w.api.call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: fans[2]!.token });
    expect(page.body.data.filter((m: { text: string }) => m.text === 'see you tonight')).toHaveLength(1);
  });

  it('schedules several while one sends, lists them soonest first, and starts each after the one sending', async ({
    server,
    w,
  }) => {
    const { creator } = await creatorWithFans(w, 2);
    const now = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', type: 'text', text: 'right now' },
    });
    expect(now.status).toBe(202);
    const second = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', type: 'text', text: 'also now' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(BROADCAST_MESSAGES.alreadySending);
    // Scheduling is not sending: the one still sending does not stand in the way.
    const inTwoHours = await schedule(w, creator, later(2 * HOUR), { text: 'in two hours' });
    const inOneMinute = await schedule(w, creator, later(MINUTE), { text: 'in a minute' });
    const listed = await w.api.call('GET', '/v1/broadcast?status=scheduled', { token: creator.token });
    expect(listed.body.data.map((b: { _id: string }) => b._id)).toEqual([inOneMinute._id, inTwoHours._id]);
    const all = await w.api.call('GET', '/v1/broadcast', { token: creator.token });
    expect(all.body.data.map((b: { status: string }) => b.status)).toEqual([
      'scheduled',
      'scheduled',
      'sending',
    ]);

    // Due while the first still sends: it waits behind it.
    clock.advance(2 * MINUTE);
    await server.app.ctx.queue.drain(undefined, ['broadcast.start']);
    expect(await statsOf(w, creator, inOneMinute._id)).toMatchObject({ status: 'scheduled' });
    await server.app.ctx.queue.drain(undefined, ['broadcast']);
    expect(await statsOf(w, creator, now.body._id)).toMatchObject({ status: 'done' });
    clock.advance(10_000);
    await drain(server);
    expect(await statsOf(w, creator, inOneMinute._id)).toMatchObject({ status: 'done', total: 2 });
    expect(await recipientsOf(server, inOneMinute._id)).toHaveLength(2);
    expect(await statsOf(w, creator, inTwoHours._id)).toMatchObject({ status: 'scheduled' });
  });

  it('PATCH moves it and edits it until it starts; the job follows the new time, once; 409 after', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 2);
    const b = await schedule(w, creator, later(HOUR));
    const moved = await w.api.call('PATCH', `/v1/broadcast/${b._id}`, {
      token: creator.token,
      body: { send_at: later(3 * HOUR), text: 'moved to later' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ _id: b._id, status: 'scheduled', text: 'moved to later', list: null });
    // Back and forth: the old times' jobs find the time changed and do nothing.
    const back = await w.api.call('PATCH', `/v1/broadcast/${b._id}`, {
      token: creator.token,
      body: { send_at: later(2 * HOUR) },
    });
    expect(back.body.send_at).toBe(later(2 * HOUR));
    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(await recipientsOf(server, b._id)).toEqual([]);
    clock.advance(HOUR);
    await drain(server);
    clock.advance(HOUR);
    await drain(server);
    const copies = await recipientsOf(server, b._id);
    expect(copies.map((c) => c.recipient_id).sort()).toEqual(fans.map((f) => f.user._id).sort());
    expect(copies.every((c) => c.text === 'moved to later')).toBe(true);

    const tooLate = await w.api.call('PATCH', `/v1/broadcast/${b._id}`, {
      token: creator.token,
      body: { text: 'changed my mind' },
    });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe(SCHEDULE_MESSAGES.started);
    // A text broadcast keeps a text and has no price.
    const other = await schedule(w, creator, later(HOUR));
    for (const body of [{ text: '  ' }, { price: 10 }]) {
      const bad = await w.api.call('PATCH', `/v1/broadcast/${other._id}`, { token: creator.token, body });
      expect(bad.status).toBe(400);
    }
  });

  it('to a list less another goes to the lists as they are at its start; a list deleted first cancels it', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 4);
    const [a, b, c, d] = fans as [Account, Account, Account, Account];
    const chosen = await createList(w, creator.token, { name: 'Chosen', kind: 'custom' });
    await addMembers(w, creator.token, chosen._id, [a.user._id, b.user._id, c.user._id]);
    const left = await createList(w, creator.token, { name: 'Has it', kind: 'custom' });
    await addMembers(w, creator.token, left._id, [b.user._id]);
    const send = (listId: string) =>
      w.api.call('POST', '/v1/broadcast/send', {
        token: creator.token,
        body: { list_id: listId, type: 'text', text: 'for my list', send_at: later(HOUR) },
      });
    const toList = await send(chosen._id);
    expect(toList.status, JSON.stringify(toList.body)).toBe(201);
    const edited = await w.api.call('PATCH', `/v1/broadcast/${toList.body._id}`, {
      token: creator.token,
      body: { exclude_list_ids: left._id },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.exclude_lists).toEqual([{ _id: left._id, name: 'Has it' }]);
    // Who is on the list when it starts counts, not who was when it was scheduled.
    await addMembers(w, creator.token, chosen._id, [d.user._id]);
    const gone = await createList(w, creator.token, { name: 'Gone', kind: 'custom' });
    await addMembers(w, creator.token, gone._id, [a.user._id]);
    const toGone = await send(gone._id);
    expect(toGone.status).toBe(201);
    expect((await w.api.call('DELETE', `/v1/lists/${gone._id}`, { token: creator.token })).status).toBe(204);

    clock.advance(HOUR + MINUTE);
    await drain(server);
    await drain(server);
    const copies = await recipientsOf(server, toList.body._id);
    expect(copies.map((m) => m.recipient_id).sort()).toEqual([a, c, d].map((f) => f.user._id).sort());
    expect(await statsOf(w, creator, toList.body._id)).toMatchObject({ status: 'done', total: 3 });
    // The other, due at the same time, waited behind the one sending.
    clock.advance(MINUTE);
    await drain(server);
    expect(await recipientsOf(server, toGone.body._id)).toEqual([]);
    expect(await statsOf(w, creator, toGone.body._id)).toMatchObject({ status: 'canceled' });
  });

  it('a cancelled one never sends; bad times are 400 with the reason; another creator’s is 404', async ({
    server,
    w,
  }) => {
    const { creator } = await creatorWithFans(w, 1);
    const b = await schedule(w, creator, later(HOUR));
    const cancel = await w.api.call('DELETE', `/v1/broadcast/${b._id}`, { token: creator.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ _id: b._id, status: 'canceled', deleted: 0, kept: 0 });
    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(await recipientsOf(server, b._id)).toEqual([]);
    expect(await statsOf(w, creator, b._id)).toMatchObject({ status: 'canceled' });
    const edit = await w.api.call('PATCH', `/v1/broadcast/${b._id}`, {
      token: creator.token,
      body: { text: 'again' },
    });
    expect(edit.status).toBe(409);

    const cases: [string, string][] = [
      [later(-MINUTE), SCHEDULE_MESSAGES.past],
      [clock.now().toISOString(), SCHEDULE_MESSAGES.past],
      [later(91 * 24 * HOUR), SCHEDULE_MESSAGES.tooFar],
      ['tomorrow at eight', SCHEDULE_MESSAGES.invalid],
    ];
    const pending = await schedule(w, creator, later(HOUR));
    for (const [sendAt, message] of cases) {
      const res = await w.api.call('POST', '/v1/broadcast/send', {
        token: creator.token,
        body: { category: 'all', type: 'text', text: 'when?', send_at: sendAt },
      });
      expect(res.status, sendAt).toBe(400);
      expect(res.body.message).toBe(message);
      const patch = await w.api.call('PATCH', `/v1/broadcast/${pending._id}`, {
        token: creator.token,
        body: { send_at: sendAt },
      });
      expect(patch.status, sendAt).toBe(400);
      expect(patch.body.message).toBe(message);
    }
    // 90 days ahead is allowed.
    await schedule(w, creator, later(90 * 24 * HOUR - MINUTE));

    const stranger = (await creatorWithFans(w, 0)).creator;
    for (const res of [
      await w.api.call('PATCH', `/v1/broadcast/${pending._id}`, {
        token: stranger.token,
        body: { text: 'x' },
      }),
      await w.api.call('DELETE', `/v1/broadcast/${pending._id}`, { token: stranger.token }),
      await w.api.call('PATCH', '/v1/broadcast/not-an-id', { token: creator.token, body: { text: 'x' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(BROADCAST_MESSAGES.notFound);
    }
    expect(await statsOf(w, creator, pending._id)).toMatchObject({ status: 'scheduled' });
    const fan = await w.fan();
    expect((await w.api.call('GET', '/v1/broadcast?status=scheduled', { token: fan.token })).status).toBe(
      403,
    );
  });

  it('a paid photo goes out locked at its price, priced as edited; one whose photo left the vault is cancelled', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 1);
    const photoOf = async (colour: string) => {
      const up = await upload(server.url, creator.token, await photoWithGps(300, 200, colour));
      expect(up.status).toBe(200);
      return up.body.media as { public_id: string };
    };
    const kept = await photoOf('#223344');
    const paid = await schedule(w, creator, later(HOUR), {
      type: 'media',
      public_id: kept.public_id,
      price: 25,
    });
    const repriced = await w.api.call('PATCH', `/v1/broadcast/${paid._id}`, {
      token: creator.token,
      body: { price: 15 },
    });
    expect(repriced.body).toMatchObject({ price: 15, type: 'image', status: 'scheduled' });
    const gone = await photoOf('#334455');
    const orphan = await schedule(w, creator, later(HOUR), { type: 'media', public_id: gone.public_id });
    const removed = await w.api.call('DELETE', `/v1/media?ids=${gone.public_id}`, { token: creator.token });
    expect(removed.status).toBe(200);

    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(await recipientsOf(server, paid._id)).toEqual([
      expect.objectContaining({ recipient_id: fans[0]!.user._id, price: 15 }),
    ]);
    const chat = await w.openChat(fans[0]!.token, creator.user._id);
    const page = await w.api.call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: fans[0]!.token });
    const copy = (page.body.data as { price: number }[]).find((m) => m.price === 15);
    expect(copy).toBeDefined();
    expect(JSON.stringify(copy)).not.toMatch(FULL_URL);
    expect(await recipientsOf(server, orphan._id)).toEqual([]);
    expect(await statsOf(w, creator, orphan._id)).toMatchObject({ status: 'canceled' });
  });

  it('a seat schedules like a broadcast: `paid` for a price, in the activity log, and checked again at the start', async ({
    server,
    w,
    mail,
  }) => {
    const { creator } = await creatorWithFans(w, 1);
    const { seat, member, memberRowId } = await teamSeat(w, mail, creator, ['broadcasts', 'paid']);
    const free = await schedule(w, { ...creator, token: seat }, later(HOUR), { text: 'from the team' });
    const edited = await w.api.call('PATCH', `/v1/broadcast/${free._id}`, {
      token: seat,
      body: { text: 'from the team, edited' },
    });
    expect(edited.status).toBe(200);
    const logged = await waitFor(
      async () =>
        (await w.api.call('GET', '/v1/team/activity', { token: creator.token })).body.data as {
          action: string;
          member: { _id: string };
        }[],
      (log) => log.length >= 2,
    );
    expect(logged.map((e) => e.action)).toEqual(['broadcast_edit', 'broadcast']);
    expect(logged.every((e) => e.member._id === member.user._id)).toBe(true);

    // Without `broadcasts` at its start, the member's broadcast does not go out.
    const demoted = await w.api.call('PATCH', `/v1/team/members/${memberRowId}`, {
      token: creator.token,
      body: { permissions: ['chats'] },
    });
    expect(demoted.status).toBe(200);
    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(await recipientsOf(server, free._id)).toEqual([]);
    expect(await statsOf(w, creator, free._id)).toMatchObject({ status: 'canceled' });

    const { seat: noPaid } = await teamSeat(w, mail, creator, ['broadcasts']);
    const priced = await w.api.call('POST', '/v1/broadcast/send', {
      token: noPaid,
      body: { category: 'all', type: 'text', text: 'pay me', price: 10, send_at: later(HOUR) },
    });
    expect(priced.status).toBe(403);
    expect(priced.body.message).toBe(TEAM_ERRORS.permission);
    const pending = await schedule(w, { ...creator, token: noPaid }, later(HOUR));
    const pricedPatch = await w.api.call('PATCH', `/v1/broadcast/${pending._id}`, {
      token: noPaid,
      body: { price: 10 },
    });
    expect(pricedPatch.status).toBe(403);
  });
});

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (ok(v) || i > 100) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
