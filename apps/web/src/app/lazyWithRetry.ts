import { LAZY_RETRY_MS } from '@parlor/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A lazily loaded screen retries forever, waiting 1000 ms after each failure. */
export async function retryForever<T>(
  load: () => Promise<T>,
  delayMs = LAZY_RETRY_MS,
  wait = sleep,
): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      // A deploy or a flaky connection: the chunk usually arrives on a later try.
      console.warn('Loading a screen failed; retrying', error);
      await wait(delayMs);
    }
  }
}

/**
 * React.lazy over a module's named export, with endless retries:
 * `lazyWithRetry(() => import('./Screen'), 'Screen')`.
 */
export function lazyWithRetry<M, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    const module = await retryForever(load);
    return { default: module[exportName] as never };
  });
}
