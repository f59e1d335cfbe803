import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { sendStarted } from '../conversation/conversationActions';
import type { PendingMessage } from '../conversation/conversationModel';
import { abortUploadsInFlight, inAppLeavePath, uploadsInFlight } from './uploadGuard';

const here = new URL('https://parlor.example/chats/u2');
const click = (href: string | null, extra: Partial<Parameters<typeof inAppLeavePath>[0]> = {}) =>
  inAppLeavePath({ href, target: null, download: false, button: 0, modified: false, ...extra }, here);

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

  it('Leave stops every upload in flight and drops its message, and leaves texts alone', () => {
    const store = createStore();
    const pending = (id: string, state: PendingMessage['state'], media: boolean): PendingMessage =>
      ({
        clientSideReceiveId: id,
        recipientId: 'u2',
        type: media ? 'image' : 'text',
        text: '',
        created_at: '2026-11-23T10:00:00Z',
        state,
        error: null,
        media: media ? { previewUrl: null, width: null, height: null, progress: 40, price: 0 } : null,
      }) as PendingMessage;
    store.dispatch(sendStarted({ otherUserId: 'u2', pending: pending('a', 'uploading', true) }));
    store.dispatch(sendStarted({ otherUserId: 'u3', pending: pending('b', 'preparing', true) }));
    store.dispatch(sendStarted({ otherUserId: 'u3', pending: pending('c', 'sending', false) }));
    expect(uploadsInFlight(store.getState().conversations.byUser)).toBe(2);

    store.dispatch(abortUploadsInFlight());
    const byUser = store.getState().conversations.byUser;
    expect(uploadsInFlight(byUser)).toBe(0);
    expect(Object.keys(byUser.u2?.pending ?? {})).toEqual([]);
    expect(Object.keys(byUser.u3?.pending ?? {})).toEqual(['c']);
  });
});
