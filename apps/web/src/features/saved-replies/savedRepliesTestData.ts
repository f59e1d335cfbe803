import type { MessageMedia, SavedReply } from '@parlor/contract';

export const replyMedia = (over: Partial<MessageMedia> = {}): MessageMedia => ({
  public_id: 'pub-sunset-0001',
  media_id: '0cc175b9c0f1b6a831c399e269772661',
  th: 'https://media.test/th.jpg',
  st: 'https://media.test/st.jpg',
  rt: null,
  sr: null,
  blur: null,
  video_url: null,
  width: 800,
  height: 600,
  video_length: null,
  ...over,
});

/** A saved reply as the server answers it. */
export function savedReply(id: string, title: string, extra: Partial<SavedReply> = {}): SavedReply {
  return {
    _id: id,
    title,
    text: null,
    media_id: null,
    public_id: null,
    media: null,
    price: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

export const WELCOME = savedReply('r1', 'Welcome', { text: 'Hi {fan}, it’s {me}! Glad you wrote.' });
export const SUNSET = savedReply('r2', 'Sunset set', {
  text: 'Just for you, {fan}',
  media: replyMedia(),
  media_id: '0cc175b9c0f1b6a831c399e269772661',
  public_id: 'pub-sunset-0001',
  price: 25,
});
export const THANKS = savedReply('r3', 'Thanks for the tip', { text: 'You made my day' });
