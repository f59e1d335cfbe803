import type { MessagePage } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { newFileDraft } from '../automessages/autoMessagesModel';
import {
  draftOpened,
  itemAdded,
  loadAutoMessages,
  pendingFiles,
  saveCategory,
  selectAutoMessages,
} from '../automessages/autoMessagesSlice';
import { audienceChosen, deviceMediaChosen, selectBroadcast } from '../broadcast/broadcastSlice';
import { broadcastIo, holdFile, sendDraft } from '../broadcast/broadcastThunks';
import { chat } from '../chats/inboxTestData';
import { openConversation } from '../conversation/conversationThunks';
import { mediaSendIo, sendMedia } from '../media/mediaSends';
import { preparedPhoto } from '../media/mediaTestData';
import { UploadAbortedError } from '../media/upload';
import { abortUploadsInFlight, trackUpload, uploadsInFlight } from '../media/uploadsSlice';
import { inAppLeavePath, leavesPage, navigateOrAsk } from './uploadGuard';

const here = new URL('https://parlor.example/chats/u2');
const click = (href: string | null, extra: Partial<Parameters<typeof inAppLeavePath>[0]> = {}) =>
  inAppLeavePath({ href, target: null, download: false, button: 0, modified: false, ...extra }, here);

/** An upload step that runs until its signal is aborted. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new UploadAbortedError()), { once: true });
  });

let calls: { method: string; url: string }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      const body = url.includes('/v1/auto-messages') ? { data: [] } : { data: [], next: null };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  holdFile(null);
  pendingFiles.clear();
});

describe('leaving a page in the app while media uploads', () => {
  it('asks about links that open another page of the app, and only those', () => {
    expect(click('/discover')).toBe('/discover');
    expect(click('/account?tab=1')).toBe('/account?tab=1');
    expect(click('https://parlor.example/feed')).toBe('/feed');
    // Not leaving the page in this tab: same place, another site, a new tab, a download, a modified click.
    expect(click('/chats/u2')).toBeNull();
    expect(click('https://elsewhere.example/')).toBeNull();
    expect(click('/discover', { target: '_blank' })).toBeNull();
    expect(click('/discover', { download: true })).toBeNull();
    expect(click('/discover', { modified: true })).toBeNull();
    expect(click('/discover', { button: 1 })).toBeNull();
    expect(click(null)).toBeNull();
  });

  it("asks about the app's own navigate calls to another page, and lets the others go", () => {
    expect(leavesPage('/broadcast', here)).toBe(true);
    expect(leavesPage('/chats/u2?x=1', here)).toBe(true);
    expect(leavesPage('/chats/u2', here)).toBe(false);

    const store = createStore();
    const navigate = vi.fn();
    const onLeave = audienceChosen({ kind: 'category', category: 'fans' });
    const go = (to: string) => store.dispatch(navigateOrAsk(to, { onLeave }, navigate, here));
    const popups = () => store.getState().popups.stack;

    // Nothing uploads: it goes, and what the control does on leaving is done.
    expect(go('/broadcast')).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/broadcast', {});
    expect(selectBroadcast(store.getState()).audience).toEqual({ kind: 'category', category: 'fans' });
    expect(popups()).toEqual([]);

    // While something uploads: the popup, with where to go and what to do then; nothing else yet.
    store.dispatch(audienceChosen({ kind: 'category', category: 'all' }));
    void store.dispatch(trackUpload('feed', vi.fn(), () => new Promise(() => undefined)));
    navigate.mockClear();
    expect(go('/broadcast')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(selectBroadcast(store.getState()).audience).toEqual({ kind: 'category', category: 'all' });
    expect(popups()).toEqual([
      { id: 'upload-in-progress', kind: 'uploadInProgress', props: { to: '/broadcast', onLeave } },
    ]);
    // The same page (a state change of its own) is not leaving.
    expect(store.dispatch(navigateOrAsk('/chats/u2', { replace: true }, navigate, here))).toBe(true);
  });

  it('Leave stops the uploads of a chat, a broadcast and an automatic message, and nothing is half-made', async () => {
    const store = createStore();
    store.dispatch(userUpdated({ _id: 'me', type: 'featured' } as never));

    // A chat photo.
    const page = { data: [], credits: 10, chat: chat('u2', 1), next: null } as unknown as MessagePage;
    store.dispatch(openConversation.fulfilled(page, 'r', { otherUserId: 'u2' }));
    vi.spyOn(mediaSendIo, 'objectUrl').mockReturnValue('blob:preview');
    vi.spyOn(mediaSendIo, 'revokeUrl').mockImplementation(() => undefined);
    vi.spyOn(mediaSendIo, 'upload').mockImplementation((_file, o) => {
      o.onPrepared?.(preparedPhoto);
      o.onProgress(30);
      return untilAborted(o.signal);
    });
    const chatSend = store.dispatch(
      sendMedia(
        'u2',
        { kind: 'file', file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }) },
        {
          price: 0,
          selfDestruct: false,
          text: '',
        },
      ),
    );

    // A broadcast video.
    vi.spyOn(broadcastIo, 'upload').mockImplementation((_file, o) => {
      o.onProgress(10);
      return untilAborted(o.signal);
    });
    holdFile(new File(['video'], 'b.mp4', { type: 'video/mp4' }));
    store.dispatch(deviceMediaChosen({ kind: 'video', previewUrl: null, name: 'b.mp4', size: 5 }));
    const broadcast = store.dispatch(sendDraft());

    // An automatic message's photo.
    await store.dispatch(loadAutoMessages());
    store.dispatch(draftOpened('new_follower'));
    const item = newFileDraft({ name: 'c.jpg', kind: 'image', previewUrl: 'blob:c' }, 0);
    pendingFiles.set(item._id, new File(['x'], 'c.jpg', { type: 'image/jpeg' }));
    store.dispatch(itemAdded({ category: 'new_follower', item }));
    const autoSave = store.dispatch(
      saveCategory('new_follower', (_item, _file, o) => {
        o.onProgress(20);
        return untilAborted(o.signal);
      }),
    );

    await Promise.resolve();
    expect(uploadsInFlight(store.getState())).toBe(3);
    expect(Object.values(store.getState().uploads.inFlight).sort()).toEqual([
      'autoMessage',
      'broadcast',
      'chat',
    ]);

    store.dispatch(abortUploadsInFlight());
    expect(uploadsInFlight(store.getState())).toBe(0);
    await Promise.all([chatSend, broadcast, autoSave]);
    const state = store.getState();

    // The chat photo left the conversation without a word.
    expect(state.conversations.byUser.u2?.pending).toEqual({});
    expect(state.popups.stack).toEqual([]);
    // The broadcast was not posted; the draft keeps its video, with no progress left showing.
    expect(selectBroadcast(state).draft.upload).toBeNull();
    expect(selectBroadcast(state).post).toEqual({ status: 'none', error: null, aborted: true });
    expect(selectBroadcast(state).draft.media?.name).toBe('b.mp4');
    // The automatic message was not saved; its file waits for the next save.
    expect(await autoSave).toBe('aborted');
    const kept = selectAutoMessages(state).drafts.new_follower?.find((m) => m._id === item._id);
    expect(kept?.upload).toEqual({ state: 'idle' });
    expect(kept?.file).not.toBeNull();
    // Only reads reached the server: no message, broadcast or automatic message was written.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
