import { describe, expect, it } from 'vitest';
import { keepShown, shiftNext, toggleAll, toggleId } from './selection';

describe('multi-select helpers', () => {
  it('toggles ids in picking order', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('select all, then none', () => {
    expect(toggleAll(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleAll(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(toggleAll([], [])).toEqual([]);
  });

  it('keeps only picks still shown', () => {
    expect(keepShown(['a', 'b', 'c'], ['c', 'a'])).toEqual(['a', 'c']);
  });

  it('moves the next link by rows removed or added, never below zero', () => {
    expect(shiftNext('/v1/media?limit=20&offset=20', -3)).toBe('/v1/media?limit=20&offset=17');
    expect(shiftNext('/v1/message/paid?state=all&limit=20&offset=20', 1)).toBe(
      '/v1/message/paid?state=all&limit=20&offset=21',
    );
    expect(shiftNext('/v1/media?limit=20&offset=2', -5)).toBe('/v1/media?limit=20&offset=0');
    expect(shiftNext(null, -1)).toBeNull();
  });
});
