import { describe, expect, it } from 'vitest';
import type { Conversation, PendingMessage } from '../conversation/conversationModel';
import { uploadsInFlight } from './uploadGuard';

const item = (state: PendingMessage['state'], media = true) =>
  ({
    state,
    media: media ? { previewUrl: null, width: null, height: null, progress: 10, price: 0 } : null,
  }) as PendingMessage;
const convo = (...items: PendingMessage[]) =>
  ({ pending: Object.fromEntries(items.map((p, i) => [String(i), p])) }) as unknown as Conversation;

describe('uploadsInFlight (the upload-in-progress guard)', () => {
  it('counts media being prepared or uploaded, not texts, posts in flight or failures', () => {
    expect(
      uploadsInFlight({
        a: convo(item('uploading'), item('preparing'), item('sending'), item('failed')),
        b: convo(item('sending', false), item('uploading')),
        c: undefined,
      }),
    ).toBe(3);
    expect(uploadsInFlight({})).toBe(0);
  });
});
