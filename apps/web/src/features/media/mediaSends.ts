import { SendMessageResponse } from '@parlor/contract';
import { useSyncExternalStore } from 'react';
import { api } from '../../app/api';
import type { AppStore } from '../../app/store';
import { conversationPath } from '../conversation/conversationThunks';
import { selectMediaBaseUrl } from '../provider/providerConfigSlice';
import { prepareMediaFile } from './filePrep';
import { type MediaSendItem, MediaSendQueue } from './mediaSendQueue';
import { findAvailable, mediaHost, uploadFile } from './upload';

function newSendId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return [...c.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

let queue: MediaSendQueue | null = null;

/** The app's one media send queue, bound to the store on first use. */
export function mediaSendQueue(store: Pick<AppStore, 'dispatch' | 'getState'>): MediaSendQueue {
  // Read at each call: the provider config may arrive after the queue was made.
  const host = () => mediaHost(selectMediaBaseUrl(store.getState()));
  queue ??= new MediaSendQueue({
    prepare: (file) => prepareMediaFile(file),
    findAvailable: (md5, type, signal) => findAvailable(md5, type, { host: host(), signal }),
    upload: (file, options) => uploadFile(file, { ...options, host: host() }),
    post: (body) => api.post('/v1/messages', body, { schema: SendMessageResponse }),
    dispatch: store.dispatch,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    objectUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
    newId: newSendId,
    backTo: conversationPath,
  });
  return queue;
}

const NONE: readonly MediaSendItem[] = [];

/** Pending media sends of one conversation, for the message list. */
export function usePendingMediaSends(q: MediaSendQueue, otherUserId: string): readonly MediaSendItem[] {
  return useSyncExternalStore(
    q.subscribe,
    () => q.snapshot(otherUserId),
    () => NONE,
  );
}
