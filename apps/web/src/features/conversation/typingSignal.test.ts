import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingSignal, type TypingState } from './typingSignal';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('typing signal', () => {
  it('sends start once while typing and stop after a 2 s pause', () => {
    const sent: TypingState[] = [];
    const signal = createTypingSignal((s) => sent.push(s));
    signal.input('h');
    signal.input('he');
    vi.advanceTimersByTime(1_500);
    signal.input('hey');
    expect(sent).toEqual(['start']);
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual(['start', 'stop']);
  });

  it('stops at once when sent or emptied, and only once', () => {
    const sent: TypingState[] = [];
    const signal = createTypingSignal((s) => sent.push(s));
    signal.input('hi');
    signal.stop();
    signal.stop();
    signal.input('x');
    signal.input('');
    expect(sent).toEqual(['start', 'stop', 'start', 'stop']);
  });

  it('repeats start during a long burst so the other side does not time out', () => {
    const sent: TypingState[] = [];
    const signal = createTypingSignal(
      (s) => sent.push(s),
      () => Date.now(),
    );
    for (let i = 0; i < 12; i += 1) {
      signal.input(`text ${i}`);
      vi.advanceTimersByTime(1_000);
    }
    expect(sent.filter((s) => s === 'start').length).toBe(3);
    expect(sent).not.toContain('stop');
  });
});
