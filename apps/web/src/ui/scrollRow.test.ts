import { describe, expect, it } from 'vitest';
import { nextIndex, scrollEdges, scrollToReveal } from './scrollRow';

describe('scrollEdges', () => {
  it('hints at more after the cut edge until the end, and before it once scrolled', () => {
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 375, scrollWidth: 700 })).toEqual({
      before: false,
      after: true,
    });
    expect(scrollEdges({ scrollLeft: 100, clientWidth: 375, scrollWidth: 700 })).toEqual({
      before: true,
      after: true,
    });
    expect(scrollEdges({ scrollLeft: 325, clientWidth: 375, scrollWidth: 700 })).toEqual({
      before: true,
      after: false,
    });
  });

  it('shows nothing when all fits, and forgives a pixel of rounding', () => {
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 375, scrollWidth: 375 })).toEqual({
      before: false,
      after: false,
    });
    expect(scrollEdges({ scrollLeft: 324.5, clientWidth: 375, scrollWidth: 700 }).after).toBe(false);
  });

  it('counts from the start in a right-to-left row', () => {
    expect(scrollEdges({ scrollLeft: -100, clientWidth: 375, scrollWidth: 700 })).toEqual({
      before: true,
      after: true,
    });
  });
});

describe('scrollToReveal', () => {
  const row = { scrollLeft: 0, clientWidth: 375 };
  it('leaves an item in view where it is', () => {
    expect(scrollToReveal({ left: 100, right: 200 }, row, 48)).toBeNull();
  });
  it('brings an item past the right edge clear of the fade', () => {
    expect(scrollToReveal({ left: 500, right: 600 }, row, 48)).toBe(600 + 48 - 375);
  });
  it('brings an item before the left edge back, never past the start', () => {
    expect(scrollToReveal({ left: 200, right: 260 }, { scrollLeft: 300, clientWidth: 375 }, 48)).toBe(152);
    expect(scrollToReveal({ left: 10, right: 60 }, { scrollLeft: 40, clientWidth: 375 }, 48)).toBe(0);
  });
});

describe('nextIndex', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(nextIndex('ArrowRight', 0, 9)).toBe(1);
    expect(nextIndex('ArrowRight', 8, 9)).toBe(0);
    expect(nextIndex('ArrowLeft', 0, 9)).toBe(8);
    expect(nextIndex('Home', 5, 9)).toBe(0);
    expect(nextIndex('End', 2, 9)).toBe(8);
    expect(nextIndex('Enter', 2, 9)).toBeNull();
    expect(nextIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
