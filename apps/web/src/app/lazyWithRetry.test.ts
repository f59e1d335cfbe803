import { LAZY_RETRY_MS } from '@parlor/contract';
import { describe, expect, it, vi } from 'vitest';
import { retryForever } from './lazyWithRetry';

describe('retryForever', () => {
  it('keeps retrying a failing import, waiting the retry delay each time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk 1'))
      .mockRejectedValueOnce(new Error('chunk 2'))
      .mockRejectedValueOnce(new Error('chunk 3'))
      .mockResolvedValue('screen');
    const wait = vi.fn(async (_ms: number) => {});
    await expect(retryForever(load, LAZY_RETRY_MS, wait)).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(4);
    expect(wait.mock.calls).toEqual([[1000], [1000], [1000]]);
  });

  it('does not wait when the first try succeeds', async () => {
    const wait = vi.fn(async () => {});
    await expect(retryForever(async () => 1, LAZY_RETRY_MS, wait)).resolves.toBe(1);
    expect(wait).not.toHaveBeenCalled();
  });
});
