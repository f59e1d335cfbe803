import type { BroadcastPage, BroadcastStats, User } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { connectionChanged } from '../../platform/connectionSlice';
import { userUpdated } from '../auth/authSlice';
import { filterChanged, searchChanged, selectAllToggled, selectionToggled } from '../chats/inboxSlice';
import { uploadedPhoto } from '../media/mediaTestData';
import { UploadAbortedError, UploadFailedError } from '../media/upload';
import { audienceBody, audienceFromInbox, etaText, percentSent } from './broadcastModel';
import {
  audienceChosen,
  deviceMediaChosen,
  excludeBuyersChanged,
  priceChanged,
  selectBroadcast,
  textChanged,
  vaultMediaChosen,
} from './broadcastSlice';
// The screen's listeners come with its code: the list's refreshes below are theirs.
import './broadcastListeners';
import { broadcastIo, holdFile, loadBroadcasts, sendDraft, unsendBroadcast } from './broadcastThunks';

const ME = 'mila';

const creator = {
  _id: ME,
  username: 'mila',
  email: 'mila@example.com',
  type: 'featured',
  role: 'user',
  gender: null,
  bio: '',
  avatar_url: null,
  last_online: null,
  id_verified: true,
  is_customer: false,
  onboarding_v2: true,
  new_fm_onboarding: false,
  email_verified: true,
  code_used: null,
  affiliate: null,
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
  requires_moderation: false,
  id_verification_status: null,
  discover_status: 'featured',
  force_discover: false,
  deleted_scheduled: false,
  delete_at: null,
  show_skinscore_banner: false,
  credits: 0,
  has_favorites: false,
  is_broadcasting: false,
  unread_feeds: 0,
  tags: [],
  settings: {
    core: { warning_you_have_been_reported: false },
    profile: { invisible: false, intro_enabled: true },
    notifications: { marketing: true, notifications: true, payments: true, payouts: true },
  },
  subscription_price: 50,
  created_at: '2024-01-01T00:00:00.000Z',
} satisfies User;

const stats = (id: string, extra: Partial<BroadcastStats> = {}): BroadcastStats => ({
  _id: id,
  created_at: '2026-11-23T10:00:00.000Z',
  finished_at: null,
  status: 'done',
  type: 'image',
  text: 'hello',
  preview: null,
  price: 30,
  self_destruct: false,
  total: 100,
  sent: 100,
  read: 0,
  purchases: 0,
  earned: 0,
  eta_s: null,
  send_at: null,
  list: null,
  exclude_lists: [],
  ...extra,
});

/** Answers the store's calls in order and records what they sent. */
let answers: { status: number; body: unknown }[];
let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url,
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  holdFile(null);
});

function signedIn(user: User = creator) {
  const store = createStore();
  store.dispatch(userUpdated(user));
  return store;
}
const event = (
  store: ReturnType<typeof createStore>,
  name: 'broadcast_progress' | 'broadcast_done',
  data: object,
) => handleServerEvent(store, ME, name, data);

describe('broadcast stage', () => {
  it('is broadcasting when the loaded user is broadcasting, and none when not', () => {
    expect(selectBroadcast(signedIn().getState()).stage).toBe('none');
    expect(selectBroadcast(signedIn({ ...creator, is_broadcasting: true }).getState()).stage).toBe(
      'broadcasting',
    );
  });

  it('after a reload shows the sending broadcast from the stats list, then follows its events', async () => {
    const store = signedIn({ ...creator, is_broadcasting: true });
    const page: BroadcastPage = {
      data: [stats('b2', { status: 'sending', sent: 400, total: 1000, eta_s: 6 }), stats('b1')],
      next: null,
    };
    answers.push({ status: 200, body: page });
    await store.dispatch(loadBroadcasts({ reset: true }));
    expect(selectBroadcast(store.getState()).active).toEqual({
      _id: 'b2',
      sent: 400,
      total: 1000,
      eta_s: 6,
      done: false,
    });
    expect(percentSent(selectBroadcast(store.getState()).active!)).toBe(40);

    event(store, 'broadcast_progress', { _id: 'b2', sent: 900, total: 1000, eta_s: 1 });
    expect(selectBroadcast(store.getState()).active).toMatchObject({ sent: 900, eta_s: 1 });
    expect(selectBroadcast(store.getState()).stats.items[0]).toMatchObject({ sent: 900, status: 'sending' });

    event(store, 'broadcast_done', { _id: 'b2', sent: 1000, total: 1000 });
    expect(store.getState().auth.user?.is_broadcasting).toBe(false);
    const s = selectBroadcast(store.getState());
    expect(s.stage).toBe('none');
    expect(s.active).toMatchObject({ sent: 1000, done: true });
    expect(percentSent(s.active!)).toBe(100);
    expect(s.stats.items[0]).toMatchObject({ sent: 1000, status: 'done' });
  });

  it('ends the stage when is_broadcasting was true but nothing is sending any more', async () => {
    const store = signedIn({ ...creator, is_broadcasting: true });
    answers.push({ status: 200, body: { data: [stats('b1')], next: null } });
    await store.dispatch(loadBroadcasts({ reset: true }));
    expect(selectBroadcast(store.getState()).stage).toBe('none');
    expect(selectBroadcast(store.getState()).active).toBeNull();
  });
});

describe('broadcast progress events', () => {
  it('never go backwards, and nothing after done moves the bar', () => {
    const store = signedIn();
    event(store, 'broadcast_progress', { _id: 'b1', sent: 500, total: 1000, eta_s: 3 });
    expect(selectBroadcast(store.getState()).stage).toBe('broadcasting');
    event(store, 'broadcast_progress', { _id: 'b1', sent: 200, total: 1000, eta_s: 4 });
    expect(selectBroadcast(store.getState()).active?.sent).toBe(500);
    event(store, 'broadcast_done', { _id: 'b1', sent: 1000, total: 1000 });
    event(store, 'broadcast_progress', { _id: 'b1', sent: 800, total: 1000, eta_s: 1 });
    expect(selectBroadcast(store.getState()).active).toMatchObject({ sent: 1000, done: true, eta_s: 0 });
    expect(selectBroadcast(store.getState()).stage).toBe('none');
  });

  it('a user.update saying not broadcasting does not end a send still running', async () => {
    const store = signedIn();
    store.dispatch(textChanged('Hi all'));
    answers.push({ status: 202, body: { _id: 'b9', status: 'sending', total: 3 } });
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).stage).toBe('broadcasting');
    store.dispatch(userUpdated({ ...creator, is_broadcasting: false }));
    expect(selectBroadcast(store.getState()).stage).toBe('broadcasting');
    event(store, 'broadcast_done', { _id: 'b9', sent: 3, total: 3 });
    expect(selectBroadcast(store.getState()).stage).toBe('none');
  });

  it('reads as an ETA a person understands', () => {
    expect(etaText(null)).toBeNull();
    expect(etaText(12.2)).toBe('about 13 s left');
    expect(etaText(600)).toBe('about 10 min left');
  });
});

describe('broadcast audience', () => {
  it('from a select-all in the inbox: the category with the exceptions', () => {
    const store = signedIn();
    store.dispatch(filterChanged('fans'));
    store.dispatch(selectAllToggled());
    store.dispatch(selectionToggled('alex'));
    store.dispatch(selectionToggled('sam'));
    const { list, selection } = store.getState().inbox;
    const audience = audienceFromInbox(list, selection);
    expect(audienceBody(audience)).toEqual({ category: 'fans2', except_ids: 'alex,sam' });
  });

  it('from chosen chats: their ids; from a searched select-all: the search', () => {
    const store = signedIn();
    store.dispatch(selectionToggled('alex'));
    store.dispatch(selectionToggled('sam'));
    let { list, selection } = store.getState().inbox;
    expect(audienceBody(audienceFromInbox(list, selection))).toEqual({ ids: 'alex,sam' });

    store.dispatch(searchChanged('al'));
    store.dispatch(selectAllToggled());
    ({ list, selection } = store.getState().inbox);
    expect(audienceBody(audienceFromInbox(list, selection))).toEqual({
      category: 'all',
      search: 'al',
      except_ids: '',
    });
  });

  it('is what the send posts, with the draft and one send id kept across a retry', async () => {
    const store = signedIn();
    store.dispatch(
      audienceChosen({ kind: 'selection', mode: 'all', ids: ['sam'], category: 'online', search: '' }),
    );
    store.dispatch(textChanged('  Hello everyone  '));
    answers.push({
      status: 409,
      body: { message: 'Your previous broadcast is still sending. Wait until it is done.', code: 'conflict' },
    });
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).post).toMatchObject({
      status: 'failure',
      error: 'Your previous broadcast is still sending. Wait until it is done.',
    });
    answers.push({ status: 202, body: { _id: 'b1', status: 'sending', total: 41 } });
    await store.dispatch(sendDraft());
    const posts = sent.filter((c) => c.url.endsWith('/v1/broadcast/send'));
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({
      category: 'online',
      except_ids: 'sam',
      type: 'text',
      text: 'Hello everyone',
      price: 0,
    });
    const ids = posts.map((c) => (c.body as { clientSideReceiveId?: string }).clientSideReceiveId);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    expect(selectBroadcast(store.getState()).active).toMatchObject({ _id: 'b1', sent: 0, total: 41 });
    expect(selectBroadcast(store.getState()).draft.text).toBe('');
  });

  it('answers an empty audience with the server message', async () => {
    const store = signedIn();
    store.dispatch(textChanged('Hi'));
    answers.push({
      status: 400,
      body: { message: 'Choose at least one chat to send this broadcast to.', code: 'bad_request' },
    });
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).post.error).toBe(
      'Choose at least one chat to send this broadcast to.',
    );
    expect(selectBroadcast(store.getState()).stage).toBe('none');
  });
});

describe('broadcast media', () => {
  const file = new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' });

  it('uploads a priced file as paid_message with progress, then posts its media', async () => {
    const store = signedIn();
    const seen: number[] = [];
    store.subscribe(() => {
      const up = selectBroadcast(store.getState()).draft.upload;
      if (up && seen[seen.length - 1] !== up.progress) seen.push(up.progress);
    });
    const upload = vi.spyOn(broadcastIo, 'upload').mockImplementation(async (_file, options) => {
      expect(options.type).toBe('paid_message');
      options.onProgress(50);
      expect(selectBroadcast(store.getState()).draft.upload).toEqual({ progress: 50, loaded: 2, total: 4 });
      return uploadedPhoto;
    });
    holdFile(file);
    store.dispatch(deviceMediaChosen({ kind: 'image', previewUrl: null, name: 'a.jpg', size: 4 }));
    store.dispatch(priceChanged(30));
    store.dispatch(excludeBuyersChanged(true));
    answers.push({ status: 202, body: { _id: 'b1', status: 'sending', total: 2 } });
    await store.dispatch(sendDraft());
    expect(upload).toHaveBeenCalledOnce();
    expect(seen).toEqual([50]);
    const post = sent.find((c) => c.url.endsWith('/v1/broadcast/send'));
    expect(post?.body).toMatchObject({
      type: 'image',
      price: 30,
      price_in_dollars: '3.00',
      public_id: 'pub1',
    });
  });

  it('a failed upload shows the server message; an abort is no failure', async () => {
    const store = signedIn();
    holdFile(file);
    store.dispatch(deviceMediaChosen({ kind: 'image', previewUrl: null, name: 'a.jpg', size: 4 }));
    vi.spyOn(broadcastIo, 'upload').mockRejectedValueOnce(
      new UploadFailedError('Storage quota reached.', 413),
    );
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).post).toMatchObject({
      status: 'failure',
      error: 'Storage quota reached.',
    });

    vi.spyOn(broadcastIo, 'upload').mockRejectedValueOnce(new UploadAbortedError());
    await store.dispatch(sendDraft());
    expect(selectBroadcast(store.getState()).post).toEqual({ status: 'none', error: null, aborted: true });
    expect(selectBroadcast(store.getState()).draft.media?.name).toBe('a.jpg');
    expect(sent.filter((c) => c.url.endsWith('/v1/broadcast/send'))).toHaveLength(0);
  });

  it('vault media goes at once, without an upload', async () => {
    const store = signedIn();
    const upload = vi.spyOn(broadcastIo, 'upload');
    store.dispatch(
      vaultMediaChosen({
        ...uploadedPhoto.media,
        _id: 'v1',
        type: 'image',
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    answers.push({ status: 202, body: { _id: 'b1', status: 'sending', total: 2 } });
    await store.dispatch(sendDraft());
    expect(upload).not.toHaveBeenCalled();
    expect(sent.find((c) => c.url.endsWith('/v1/broadcast/send'))?.body).toMatchObject({
      type: 'image',
      public_id: 'pub1',
      price: 0,
    });
  });
});

describe('broadcast stats', () => {
  it('are read again after a sale, once the list was opened', async () => {
    vi.useFakeTimers();
    try {
      const store = signedIn();
      const sale = { chat_id: 'c1', message_id: 'm1', buyer_id: 'alex', price: 30, earnings: 30 };
      handleServerEvent(store, ME, 'message_paid', sale);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent.filter((c) => c.url.includes('/v1/broadcast'))).toHaveLength(0);

      answers.push({ status: 200, body: { data: [stats('b1')], next: null } });
      await store.dispatch(loadBroadcasts({ reset: true }));
      answers.push({ status: 200, body: { data: [stats('b1', { purchases: 1, earned: 30 })], next: null } });
      handleServerEvent(store, ME, 'message_paid', sale);
      handleServerEvent(store, ME, 'message_paid', { ...sale, message_id: 'm2' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent.filter((c) => c.url.includes('/v1/broadcast'))).toHaveLength(2);
      expect(selectBroadcast(store.getState()).stats.items[0]).toMatchObject({ purchases: 1, earned: 30 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('broadcast after a gap and after unsend', () => {
  it('reads the sending one again after a reconnect, so progress missed meanwhile shows', async () => {
    const store = signedIn({ ...creator, is_broadcasting: true });
    store.dispatch(connectionChanged(true));
    expect(sent).toHaveLength(0);
    store.dispatch(connectionChanged(false));
    answers.push({
      status: 200,
      body: { data: [stats('b1', { status: 'sending', sent: 70, total: 100, eta_s: 2 })], next: null },
    });
    store.dispatch(connectionChanged(true));
    await vi.waitFor(() =>
      expect(selectBroadcast(store.getState()).active).toMatchObject({ _id: 'b1', sent: 70 }),
    );
  });

  it('an unsent broadcast reads as unsent and ends a send still running', async () => {
    const store = signedIn();
    answers.push({ status: 200, body: { data: [stats('b1', { status: 'sending', sent: 10 })], next: null } });
    await store.dispatch(loadBroadcasts({ reset: true }));
    answers.push({ status: 200, body: { _id: 'b1', status: 'canceled', deleted: 9, kept: 1 } });
    await store.dispatch(unsendBroadcast('b1'));
    expect(sent[sent.length - 1]).toMatchObject({ method: 'DELETE' });
    expect(selectBroadcast(store.getState()).stats.items[0]?.status).toBe('canceled');
    expect(selectBroadcast(store.getState()).stage).toBe('none');
  });
});
