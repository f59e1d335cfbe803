import { CHUNK_LOAD_TIMEOUT_MS, LAZY_RETRY_MS } from '@parlor/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The error of a screen's code that did not arrive in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** One try at loading: it fails with a ChunkLoadError if nothing came within `timeoutMs`. */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading the screen took more than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazily loaded screen retries forever, waiting 1000 ms after each failure. */
export async function retryForever<T>(
  load: () => Promise<T>,
  delayMs = LAZY_RETRY_MS,
  wait = sleep,
): Promise<T> {
  for (;;) {
    try {
      return await loadWithin(load);
    } catch (error) {
      // A deploy or a flaky connection: the chunk usually arrives on a later try.
      console.warn('Loading a screen failed; retrying', error);
      await wait(delayMs);
    }
  }
}

export type LazyScreen<P> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Loads the code now, one try (a render retries on its own); resolves, never rejects, once it has
   * been evaluated or the try has failed.
   */
  preload(): Promise<void>;
};

/**
 * React.lazy over a module's named export, with endless retries:
 * `lazyWithRetry(() => import('./Screen'), 'Screen')`. `preload()` fetches it ahead of its first
 * render; once loaded, that render has it at once. Given a promise, even one of a module already
 * here, React would first commit the boundary's fallback and then hold the screen back for its
 * reveal throttle (up to 300 ms after that fallback): a popup opened or a first screen shown a
 * third of a second late for nothing.
 */
export function lazyWithRetry<M, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): LazyScreen<M[K] extends ComponentType<infer P> ? P : never> {
  type Loaded = { default: ComponentType<M[K] extends ComponentType<infer P> ? P : never> };
  let loaded: Loaded | undefined;
  const keep = (module: M): Loaded => {
    loaded ??= { default: module[exportName] as never };
    return loaded;
  };
  const component = lazy(() => {
    const ready = loaded;
    // A thenable that answers at once: React's lazy settles on a synchronous `then` and renders
    // the module in the same pass.
    // biome-ignore lint/suspicious/noThenProperty: the synchronous thenable is the point.
    if (ready) return { then: (resolve: (value: Loaded) => void) => resolve(ready) } as Promise<Loaded>;
    return retryForever(load).then(keep);
  });
  return Object.assign(component, {
    preload: () =>
      load().then(
        (module) => void keep(module),
        () => undefined,
      ),
  });
}
