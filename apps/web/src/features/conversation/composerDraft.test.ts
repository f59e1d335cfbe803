import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from './composerDraft';

describe('the composer draft', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what was typed in a chat for the next load of the page, for that account only', () => {
    writeDraft('me', 'fan-1', 'half a sentence');
    expect(readDraft('me', 'fan-1')).toBe('half a sentence');
    expect(readDraft('me', 'fan-2')).toBe('');
    expect(readDraft('someone-else', 'fan-1')).toBe('');
    expect(readDraft(undefined, 'fan-1')).toBe('');
  });

  it('forgets it once the box is empty (a send clears the box)', () => {
    writeDraft('me', 'fan-1', 'hello');
    writeDraft('me', 'fan-1', '  ');
    expect(readDraft('me', 'fan-1')).toBe('');
  });

  it('never throws where storage is blocked', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => writeDraft('me', 'fan-1', 'x')).not.toThrow();
    expect(readDraft('me', 'fan-1')).toBe('');
  });
});
