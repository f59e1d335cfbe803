import type { FeedPost, MessageMedia } from '@parlor/contract';

/** A feed post with the fields a test cares about. */
export function feedPost(id: string, extra: Partial<FeedPost> = {}): FeedPost {
  return {
    _id: id,
    model: { _id: 'mila', username: 'mila', avatar: null },
    type: 'featured',
    text: `post ${id}`,
    media: null,
    private_feed: false,
    price: 0,
    is_paid: false,
    locked: false,
    pinned: false,
    created_at: '2026-01-01T00:00:00.000Z',
    status: 'published',
    publish_at: null,
    ...extra,
  };
}

/** Media with only the variants a test names. */
export const feedMedia = (over: Partial<MessageMedia>): MessageMedia => ({
  public_id: 'p',
  media_id: null,
  th: null,
  st: null,
  rt: null,
  sr: null,
  blur: null,
  video_url: null,
  width: null,
  height: null,
  video_length: null,
  ...over,
});
