import { describe, expect, it } from 'vitest';
import { bubbleBox, countdown, isLocked, videoLength } from './mediaLayout';

describe('bubbleBox', () => {
  it('keeps the media’s aspect ratio within 280 x 360', () => {
    expect(bubbleBox(1440, 1080)).toEqual({ width: 'min(280px, 70vw)', aspectRatio: '1440 / 1080' });
    // A tall portrait is limited by height: 360 x 9/16 = 203 wide.
    expect(bubbleBox(1080, 1920)).toEqual({ width: 'min(203px, 70vw)', aspectRatio: '1080 / 1920' });
  });
  it('reserves a 4:3 box when the dimensions are unknown', () => {
    expect(bubbleBox(null, null).aspectRatio).toBe('4 / 3');
  });
});

describe('isLocked', () => {
  const base = { price: 30, is_paid: false, sender_id: 'creator' } as never;
  it('locks a paid, unbought message for its recipient only', () => {
    expect(isLocked(base, 'fan')).toBe(true);
    expect(isLocked(base, 'creator')).toBe(false);
    expect(isLocked({ ...(base as object), is_paid: true } as never, 'fan')).toBe(false);
    expect(isLocked({ ...(base as object), price: 0 } as never, 'fan')).toBe(false);
  });
});

describe('countdown and video length', () => {
  it('formats the time left and the length', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(countdown('2026-01-01T01:02:03Z', now)).toBe('1:02:03');
    expect(countdown('2026-01-01T00:00:09Z', now)).toBe('0:09');
    expect(countdown('2025-12-31T00:00:00Z', now)).toBe('0:00');
    expect(videoLength(61.4)).toBe('1m 01s');
    expect(videoLength(65)).toBe('1m 05s');
    expect(videoLength(9.6)).toBe('0m 10s');
    expect(videoLength(-3)).toBe('0m 00s');
    expect(videoLength(null)).toBeNull();
  });
});
