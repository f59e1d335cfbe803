import { type BroadcastStats, SCHEDULE_MESSAGES, type User } from '@parlor/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { audienceBody, audienceHandedOver } from './broadcastModel';
import {
  audienceChosen,
  excludedListToggled,
  laterChanged,
  laterToggled,
  selectBroadcast,
  textChanged,
} from './broadcastSlice';
// The screen's listeners come with its code: the lists' refreshes below are theirs.
import './broadcastListeners';
import {
  cancelScheduled,
  loadBroadcasts,
  loadScheduled,
  sendDraft,
  updateScheduled,
} from './broadcastThunks';

// A broadcast to a fan list, leaving other lists out, set for later in the creator's own zone:
// scheduled (201), listed as scheduled, edited or cancelled until it starts.

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

let answers: { status: number; body: unknown }[];
let sent: { method: string; url: URL; body: unknown }[];
beforeEach(() => {
  answers = [];
  sent = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-03T09:17:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url: new URL(url, 'http://parlor.test'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      const answer = answers.shift() ?? { status: 200, body: { data: [], next: null } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stats = (id: string, extra: Partial<BroadcastStats> = {}): BroadcastStats => ({
  _id: id,
  created_at: '2026-12-03T09:00:00.000Z',
  finished_at: null,
  status: 'scheduled',
  type: 'image',
  text: 'New set!',
  preview: null,
  price: 25,
  self_destruct: false,
  total: 0,
  sent: 0,
  read: 0,
  purchases: 0,
  earned: 0,
  eta_s: null,
  send_at: '2026-12-03T13:30:00.000Z',
  list: { _id: 'l1', name: 'Spent 50+ this month' },
  exclude_lists: [{ _id: 'l2', name: 'Trip photos' }],
  ...extra,
});

function signedIn() {
  const store = createStore();
  store.dispatch(userUpdated({ _id: 'mila', username: 'mila', type: 'featured', role: 'user' } as User));
  return store;
}

describe('a broadcast’s audience from lists', () => {
  it('goes to a list by its id, leaving the lists out joined by commas, whatever the audience', () => {
    expect(audienceBody({ kind: 'list', listId: 'l1' }, ['l2', 'l3'])).toEqual({
      list_id: 'l1',
      exclude_list_ids: 'l2,l3',
    });
    expect(audienceBody({ kind: 'category', category: 'fans' }, ['l2'])).toEqual({
      category: 'fans2',
      exclude_list_ids: 'l2',
    });
    expect(audienceBody({ kind: 'category', category: 'all' })).toEqual({ category: 'all' });
  });

  it('takes a list handed over from the Lists screen, and cannot leave out the list it goes to', () => {
    expect(audienceHandedOver({ audience: { kind: 'list', listId: 'l1' } })).toEqual({
      kind: 'list',
      listId: 'l1',
    });
    expect(audienceHandedOver({ audience: { kind: 'list', listId: 3 } })).toBeNull();
    const store = signedIn();
    store.dispatch(excludedListToggled('l1'));
    store.dispatch(excludedListToggled('l2'));
    store.dispatch(audienceChosen({ kind: 'list', listId: 'l1' }));
    expect(selectBroadcast(store.getState()).excludeListIds).toEqual(['l2']);
  });
});

describe('sending later', () => {
  it('schedules at the instant the creator’s local time names, and lists it as scheduled', async () => {
    const store = signedIn();
    store.dispatch(audienceChosen({ kind: 'list', listId: 'l1' }));
    store.dispatch(excludedListToggled('l2'));
    store.dispatch(textChanged('New set!'));
    store.dispatch(laterToggled({ on: true, input: { date: '2026-12-03', time: '14:30' } }));
    answers.push({
      status: 201,
      body: { _id: 'b1', status: 'scheduled', send_at: '2026-12-03T13:30:00.000Z' },
    });
    answers.push({ status: 200, body: { data: [stats('b1')], next: null } });
    await store.dispatch(sendDraft());
    await vi.waitFor(() => expect(selectBroadcast(store.getState()).scheduled.status).toBe('Fetched'));

    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: {
        list_id: 'l1',
        exclude_list_ids: 'l2',
        text: 'New set!',
        send_at: '2026-12-03T13:30:00.000Z',
      },
    });
    expect(sent[0]!.body).not.toHaveProperty('category');
    expect(sent[1]!.url.searchParams.get('status')).toBe('scheduled');
    const s = selectBroadcast(store.getState());
    // Nothing sends now: no progress, and the next one can be written at once.
    expect(s.stage).toBe('none');
    expect(s.active).toBeNull();
    expect(s.scheduledAt).toBe('2026-12-03T13:30:00.000Z');
    expect(s.view).toBe('scheduled');
    expect(s.later.on).toBe(false);
    expect(s.draft.text).toBe('');
    expect(s.scheduled.items.map((b) => b._id)).toEqual(['b1']);
  });

  it('refuses a time in the past or more than 90 days ahead before sending anything', async () => {
    const store = signedIn();
    store.dispatch(textChanged('Hi'));
    store.dispatch(laterToggled({ on: true, input: { date: '2026-12-03', time: '10:00' } }));
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).later.error).toBe(SCHEDULE_MESSAGES.past);
    store.dispatch(laterChanged({ date: '2027-03-05', time: '10:00' }));
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).later.error).toBe(SCHEDULE_MESSAGES.tooFar);
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of the time under the picker', async () => {
    const store = signedIn();
    store.dispatch(textChanged('Hi'));
    store.dispatch(laterToggled({ on: true, input: { date: '2026-12-03', time: '14:30' } }));
    answers.push({
      status: 400,
      body: { message: SCHEDULE_MESSAGES.past, code: 'invalid_input', field: 'send_at' },
    });
    await store.dispatch(sendDraft());
    const s = selectBroadcast(store.getState());
    expect(s.later.error).toBe(SCHEDULE_MESSAGES.past);
    expect(s.post.error).toBeNull();
  });
});

describe('the scheduled broadcasts', () => {
  it('are edited with only what changed, and keep the soonest first', async () => {
    const store = signedIn();
    answers.push({
      status: 200,
      body: { data: [stats('b1'), stats('b2', { send_at: '2026-12-04T09:00:00.000Z' })], next: null },
    });
    await store.dispatch(loadScheduled({ reset: true }));
    answers.push({ status: 200, body: stats('b1', { send_at: '2026-12-05T09:00:00.000Z', text: 'Later!' }) });
    await store.dispatch(
      updateScheduled({ id: 'b1', body: { send_at: '2026-12-05T09:00:00.000Z', text: 'Later!' } }),
    );
    expect(sent.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { send_at: '2026-12-05T09:00:00.000Z', text: 'Later!' },
    });
    expect(sent.at(-1)!.url.pathname).toBe('/v1/broadcast/b1');
    expect(selectBroadcast(store.getState()).scheduled.items.map((b) => b._id)).toEqual(['b2', 'b1']);
  });

  it('are cancelled by DELETE; one that started meanwhile (409) is read again in both lists', async () => {
    const store = signedIn();
    answers.push({ status: 200, body: { data: [stats('b1'), stats('b2')], next: null } });
    await store.dispatch(loadScheduled({ reset: true }));
    answers.push({ status: 200, body: { _id: 'b1', status: 'canceled', deleted: 0, kept: 0 } });
    await store.dispatch(cancelScheduled('b1'));
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(selectBroadcast(store.getState()).scheduled.items.map((b) => b._id)).toEqual(['b2']);

    answers.push({ status: 409, body: { message: SCHEDULE_MESSAGES.started, code: 'conflict' } });
    answers.push({ status: 200, body: { data: [], next: null } });
    answers.push({ status: 200, body: { data: [stats('b2', { status: 'sending' })], next: null } });
    const refused = await store.dispatch(cancelScheduled('b2'));
    expect(refused.payload).toMatchObject({ status: 409, message: SCHEDULE_MESSAGES.started });
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    const reads = sent.slice(-2).map((r) => r.url.searchParams.get('status'));
    expect(reads.sort()).toEqual([null, 'scheduled']);
  });

  it('lose one whose time came and started sending', async () => {
    const store = signedIn();
    answers.push({ status: 200, body: { data: [stats('b1')], next: null } });
    await store.dispatch(loadScheduled({ reset: true }));
    answers.push({ status: 200, body: { data: [], next: null } });
    await store.dispatch(loadBroadcasts({ reset: true }));
    handleServerEvent(store, 'mila', 'broadcast_progress', { _id: 'b1', sent: 1, total: 3, eta_s: 2 });
    const s = selectBroadcast(store.getState());
    expect(s.scheduled.items).toEqual([]);
    expect(s.stage).toBe('broadcasting');
  });
});
