import { CHUNK_LOAD_TIMEOUT_MS, LAZY_RETRY_MS } from '@parlor/contract';
import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyWithRetry, retryForever } from './lazyWithRetry';

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

  it('counts a try whose code has not come after 120 s as a chunk-load error, and tries again', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const load = vi
        .fn<() => Promise<string>>()
        .mockReturnValueOnce(new Promise(() => {}))
        .mockResolvedValue('screen');
      const wait = vi.fn(async (_ms: number) => {});
      const screen = retryForever(load, LAZY_RETRY_MS, wait);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(screen).resolves.toBe('screen');
      expect(load).toHaveBeenCalledTimes(2);
      const [, failure] = vi.mocked(console.warn).mock.calls.at(-1) as [string, Error];
      expect(failure).toBeInstanceOf(ChunkLoadError);
      expect(failure.name).toBe('ChunkLoadError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait when the first try succeeds', async () => {
    const wait = vi.fn(async () => {});
    await expect(retryForever(async () => 1, LAZY_RETRY_MS, wait)).resolves.toBe(1);
    expect(wait).not.toHaveBeenCalled();
  });
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** One render pass, as a first paint shows it: the fallback wherever code is still missing. */
const paint = (element: React.ReactNode) =>
  renderToStaticMarkup(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('lazyWithRetry', () => {
  it('shows the fallback while the code has not been loaded', () => {
    const Screen = lazyWithRetry(async () => ({ Greeting }), 'Greeting');
    expect(paint(<Screen name="Mila" />)).toBe('<p>Loading</p>');
  });

  it('renders a preloaded screen in the same pass, without its fallback first', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Screen = lazyWithRetry(load, 'Greeting');
    await Screen.preload();
    expect(paint(<Screen name="Mila" />)).toBe('<p>Hello Mila</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads with one try that never rejects; the screen itself then tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Greeting });
    const Screen = lazyWithRetry(load, 'Greeting');
    await expect(Screen.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    // Not loaded: the first render asks again (and keeps asking), showing the fallback meanwhile.
    expect(paint(<Screen name="Mila" />)).toBe('<p>Loading</p>');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paint(<Screen name="Mila" />)).toBe('<p>Hello Mila</p>');
  });
});
