import type { AutoMessage, AutoMessageCategoryEntry, MessageMedia } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import {
  buildPutRequest,
  type DraftMessage,
  delayLabel,
  draftFromServer,
  draftProblem,
  isDirty,
  isTemporaryId,
  joinDelay,
  moveItem,
  newFileDraft,
  newTextDraft,
  newVaultDraft,
  splitDelay,
  uploadTypeFor,
} from './autoMessagesModel';
import {
  abortSave,
  draftDiscarded,
  draftOpened,
  itemAdded,
  itemChanged,
  itemMoved,
  itemRemoved,
  loadAutoMessageLog,
  loadAutoMessages,
  pendingFiles,
  saveCategory,
  selectAutoMessages,
  selectDirty,
  selectDraft,
  type UploadRunner,
} from './autoMessagesSlice';

const media = (id: string): MessageMedia => ({
  public_id: `pub-${id}`,
  media_id: `md5-${id}`,
  th: `/th/${id}`,
  st: null,
  rt: null,
  sr: null,
  blur: null,
  video_url: null,
  width: 100,
  height: 100,
  video_length: null,
});

const saved = (id: string, extra: Partial<AutoMessage> = {}): AutoMessage => ({
  _id: id,
  category: 'new_follower',
  type: 'text',
  text: `hello ${id}`,
  price: 0,
  media_id: null,
  public_id: null,
  media: null,
  delay_seconds: 0,
  ...extra,
});

describe('the PUT body of a category', () => {
  it('strips temporary ids (new items have no _id) and keeps the server ids, in order', () => {
    const kept = draftFromServer(saved('a1'));
    const added = { ...newTextDraft(), text: 'Welcome!' };
    expect(isTemporaryId(added._id)).toBe(true);
    expect(isTemporaryId(kept._id)).toBe(false);

    const body = buildPutRequest('new_follower', [added, kept]);
    expect(body).toEqual({
      category: 'new_follower',
      auto_messages: [
        { type: 'text', text: 'Welcome!', price: 0, delay_seconds: 0 },
        { _id: 'a1', type: 'text', text: 'hello a1', price: 0, delay_seconds: 0 },
      ],
    });
    expect(JSON.stringify(body)).not.toMatch(/"_id":"_/);
  });

  it('sends media by its ids with its price, and none of the client flags', () => {
    const vault = { ...newVaultDraft(media('v')), price: 50, delay_seconds: 3600, text: '' };
    const [input] = buildPutRequest('tip_received', [vault]).auto_messages;
    expect(input).toEqual({
      type: 'media',
      text: null,
      price: 50,
      public_id: 'pub-v',
      media_id: 'md5-v',
      delay_seconds: 3600,
    });
    expect(input).not.toHaveProperty('upload');
    expect(input).not.toHaveProperty('file');
    expect(input).not.toHaveProperty('media');
  });

  it('a text message is never priced and an empty list deletes all', () => {
    const text = { ...newTextDraft(), text: 'hi', price: 30 };
    expect(buildPutRequest('new_follower', [text]).auto_messages[0]?.price).toBe(0);
    expect(buildPutRequest('new_follower', [])).toEqual({ category: 'new_follower', auto_messages: [] });
  });

  it('uploads priced media as paid_message, free media as message', () => {
    expect(uploadTypeFor(10)).toBe('paid_message');
    expect(uploadTypeFor(0)).toBe('message');
  });

  it('refuses empty texts and media without a file, naming the message', () => {
    expect(draftProblem([{ ...newTextDraft(), text: 'ok' }, newTextDraft()])).toBe(
      'Message 2 is empty: write something or remove it.',
    );
    expect(draftProblem([{ ...newTextDraft(), type: 'media' }])).toMatch(/Message 1 has no photo or video/);
    expect(draftProblem([])).toBeNull();
  });
});

describe('reordering', () => {
  it('moves one place up or down and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('delays', () => {
  it('shows a delay in its largest whole unit and builds it back', () => {
    expect(splitDelay(0)).toEqual({ unit: 'now', amount: 0 });
    expect(splitDelay(300)).toEqual({ unit: 'minutes', amount: 5 });
    expect(splitDelay(7200)).toEqual({ unit: 'hours', amount: 2 });
    expect(splitDelay(172_800)).toEqual({ unit: 'days', amount: 2 });
    expect(joinDelay('hours', 3)).toBe(10_800);
    expect(joinDelay('now', 9)).toBe(0);
    // A week at most, as the server takes it.
    expect(joinDelay('days', 30)).toBe(7 * 86_400);
    expect(delayLabel(0)).toBe('Immediately');
    expect(delayLabel(60)).toBe('After 1 minute');
    expect(delayLabel(86_400 * 3)).toBe('After 3 days');
  });
});

describe('unsaved changes', () => {
  it('a draft equal to the server list is clean; edits, reorders and new files are not', () => {
    const server = [saved('a'), saved('b')];
    const draft = server.map(draftFromServer);
    expect(isDirty(draft, server)).toBe(false);
    expect(isDirty([...draft].reverse(), server)).toBe(true);
    expect(isDirty([{ ...draft[0]!, text: 'changed' }, draft[1]!], server)).toBe(true);
    const file = newFileDraft({ name: 'a.jpg', kind: 'image', previewUrl: null });
    expect(isDirty([...draft, file], server)).toBe(true);
  });
});

// --- Saving, through the store ---

const entry = (messages: AutoMessage[]): AutoMessageCategoryEntry => ({
  category: 'new_follower',
  excerpt: messages[0]?.text ?? '',
  messages,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let answers: Response[];
beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async () => answers.shift() ?? json({ message: 'no answer', code: 'x' }, 500));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', {
    pathname: '/auto-messages',
    protocol: 'http:',
    host: 'parlor.test',
    assign: vi.fn(),
  });
  vi.stubGlobal('document', { cookie: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  pendingFiles.clear();
});

async function loadedStore(messages: AutoMessage[] = []) {
  const store = createStore();
  answers.push(json({ data: [entry(messages)] }));
  await store.dispatch(loadAutoMessages());
  store.dispatch(draftOpened('new_follower'));
  return store;
}
const draftOf = (store: Awaited<ReturnType<typeof loadedStore>>) =>
  selectDraft(store.getState(), 'new_follower') ?? [];
const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

function addFile(store: Awaited<ReturnType<typeof loadedStore>>, price = 0): DraftMessage {
  const item = { ...newFileDraft({ name: 'a.jpg', kind: 'image', previewUrl: 'blob:a' }), price };
  pendingFiles.set(item._id, new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
  store.dispatch(itemAdded({ category: 'new_follower', item }));
  return item;
}

describe('saving a category', () => {
  it('uploads files first (paid type when priced), then PUTs the list without temporary ids', async () => {
    const store = await loadedStore([saved('s1')]);
    const file = addFile(store, 25);
    const types: string[] = [];
    const upload: UploadRunner = async (_item, _file, options) => {
      types.push(options.type);
      options.onProgress(50);
      return { media: media('up') };
    };
    store.dispatch(itemMoved({ category: 'new_follower', id: file._id, by: -1 }));
    expect(selectDirty(store.getState(), 'new_follower')).toBe(true);
    const serverAnswer = entry([
      saved('m-new', { type: 'media', price: 25, public_id: 'pub-up', media: media('up') }),
      saved('s1'),
    ]);
    answers.push(json(serverAnswer));

    expect(await store.dispatch(saveCategory('new_follower', upload))).toBe('saved');
    expect(types).toEqual(['paid_message']);
    const put = fetchMock.mock.calls[1];
    expect(String(put?.[0])).toContain('/v1/auto-messages');
    expect(put?.[1]?.method).toBe('PUT');
    expect(sentBody(1)).toEqual({
      category: 'new_follower',
      auto_messages: [
        { type: 'media', text: null, price: 25, public_id: 'pub-up', media_id: 'md5-up', delay_seconds: 0 },
        { _id: 's1', type: 'text', text: 'hello s1', price: 0, delay_seconds: 0 },
      ],
    });
    expect(selectAutoMessages(store.getState()).save).toEqual({ category: 'new_follower', kind: 'saved' });
    expect(selectDirty(store.getState(), 'new_follower')).toBe(false);
    expect(selectAutoMessages(store.getState()).entries?.[0]?.messages.map((m) => m._id)).toEqual([
      'm-new',
      's1',
    ]);
    // The editor goes on from the saved list, with the server's ids.
    expect(draftOf(store).map((m) => m._id)).toEqual(['m-new', 's1']);
  });

  it('flags a failed upload with the server message and saves nothing', async () => {
    const store = await loadedStore();
    const file = addFile(store);
    const upload: UploadRunner = async () => {
      throw Object.assign(new Error('Your storage is full.'), { name: 'UploadFailedError' });
    };
    expect(await store.dispatch(saveCategory('new_follower', upload))).toBe('failed');
    const item = draftOf(store).find((m) => m._id === file._id);
    expect(item?.upload).toEqual({ state: 'failed', message: 'Your storage is full.' });
    expect(selectAutoMessages(store.getState()).save).toMatchObject({
      kind: 'failed',
      message: /Your storage is full/,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1); // only the first load, no PUT
  });

  it('an aborted upload is not a failure: nothing is flagged, nothing is saved, the file stays', async () => {
    const store = await loadedStore();
    const file = addFile(store);
    const upload: UploadRunner = (_item, _file, options) =>
      new Promise((_resolve, reject) => {
        options.signal.addEventListener('abort', () =>
          reject(Object.assign(new Error('Upload aborted'), { name: 'UploadAbortedError' })),
        );
      });
    const running = store.dispatch(saveCategory('new_follower', upload));
    await Promise.resolve();
    abortSave('new_follower');
    expect(await running).toBe('aborted');
    const item = draftOf(store).find((m) => m._id === file._id);
    expect(item?.upload).toEqual({ state: 'idle' });
    expect(item?.file).not.toBeNull();
    expect(selectAutoMessages(store.getState()).save).toEqual({ category: 'new_follower', kind: 'aborted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('text needs no upload; removing every message saves an empty list', async () => {
    const store = await loadedStore([saved('s1')]);
    const upload = vi.fn<UploadRunner>();
    store.dispatch(itemRemoved({ category: 'new_follower', id: 's1' }));
    answers.push(json(entry([])));
    expect(await store.dispatch(saveCategory('new_follower', upload))).toBe('saved');
    expect(upload).not.toHaveBeenCalled();
    expect(sentBody(1)).toEqual({ category: 'new_follower', auto_messages: [] });
  });

  it("a refused save shows the server's message and keeps the draft", async () => {
    const store = await loadedStore();
    const item = newTextDraft();
    store.dispatch(itemAdded({ category: 'new_follower', item }));
    store.dispatch(itemChanged({ category: 'new_follower', id: item._id, changes: { text: 'Hi!' } }));
    answers.push(json({ message: 'Automatic messages are not enabled.', code: 'forbidden' }, 403));
    expect(await store.dispatch(saveCategory('new_follower', vi.fn()))).toBe('failed');
    expect(selectAutoMessages(store.getState()).save).toEqual({
      category: 'new_follower',
      kind: 'failed',
      message: 'Automatic messages are not enabled.',
    });
    expect(draftOf(store).map((m) => m.text)).toEqual(['Hi!']);
  });

  it('discarding goes back to the saved list, with nothing unsaved', async () => {
    const store = await loadedStore([saved('s1'), saved('s2')]);
    store.dispatch(itemMoved({ category: 'new_follower', id: 's2', by: -1 }));
    store.dispatch(itemRemoved({ category: 'new_follower', id: 's1' }));
    expect(selectDirty(store.getState(), 'new_follower')).toBe(true);
    store.dispatch(draftDiscarded('new_follower'));
    expect(draftOf(store).map((m) => m._id)).toEqual(['s1', 's2']);
    expect(selectDirty(store.getState(), 'new_follower')).toBe(false);
  });
});

describe('the send log', () => {
  const logEntry = (id: string, username: string) => ({
    _id: id,
    category: 'new_follower' as const,
    fan: { _id: `fan-${id}`, username },
    message_id: `m-${id}`,
    sent_at: '2026-11-23T10:00:00.000Z',
  });

  it('shows an automatic message at the top as it goes out, once, after the log was loaded', async () => {
    const store = createStore();
    handleServerEvent(store, 'creator-1', 'auto_message_sent', logEntry('9', 'early'));
    expect(selectAutoMessages(store.getState()).log.items).toEqual([]);

    answers.push(json({ data: [logEntry('1', 'alex')], next: null }));
    await store.dispatch(loadAutoMessageLog());
    handleServerEvent(store, 'creator-1', 'auto_message_sent', logEntry('2', 'sam'));
    handleServerEvent(store, 'creator-1', 'auto_message_sent', logEntry('2', 'sam'));
    expect(selectAutoMessages(store.getState()).log.items.map((e) => e.fan.username)).toEqual([
      'sam',
      'alex',
    ]);
  });
});
