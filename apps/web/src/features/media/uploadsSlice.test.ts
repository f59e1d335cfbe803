import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { abortUploadsInFlight, trackUpload, uploadsInFlight } from './uploadsSlice';

/** An upload that settles when told to. */
function held<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the registry of uploads in flight', () => {
  it('counts each upload while it runs, whichever way it ends', async () => {
    const store = createStore();
    const a = held<string>();
    const b = held<string>();
    const first = store.dispatch(trackUpload('broadcast', vi.fn(), () => a.promise));
    const second = store.dispatch(trackUpload('feed', vi.fn(), () => b.promise));
    expect(uploadsInFlight(store.getState())).toBe(2);
    expect(Object.values(store.getState().uploads.inFlight).sort()).toEqual(['broadcast', 'feed']);

    a.resolve('done');
    expect(await first).toBe('done');
    expect(uploadsInFlight(store.getState())).toBe(1);

    b.reject(new Error('network'));
    await expect(second).rejects.toThrow('network');
    expect(uploadsInFlight(store.getState())).toBe(0);
  });

  it('Leave stops every upload once, and the count is 0 at once', async () => {
    const store = createStore();
    const stops = [vi.fn(), vi.fn(), vi.fn()];
    const runs = stops.map((stop, i) => {
      const upload = held<void>();
      stop.mockImplementation(() => upload.reject(new Error(`stopped ${i}`)));
      return store.dispatch(trackUpload('chat', stop, () => upload.promise)).catch((e: Error) => e.message);
    });
    expect(uploadsInFlight(store.getState())).toBe(3);

    store.dispatch(abortUploadsInFlight());
    expect(uploadsInFlight(store.getState())).toBe(0);
    for (const stop of stops) expect(stop).toHaveBeenCalledOnce();
    expect(await Promise.all(runs)).toEqual(['stopped 0', 'stopped 1', 'stopped 2']);

    // Nothing left to stop: a second Leave does nothing.
    store.dispatch(abortUploadsInFlight());
    for (const stop of stops) expect(stop).toHaveBeenCalledOnce();
  });
});
