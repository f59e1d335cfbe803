/** Runs `fn` once the page has loaded (at once when it already has). */
export function afterLoad(fn: () => void): void {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', fn, { once: true });
}

/**
 * How long after `load` what no first screen needs waits (the manifest, the code of screens not yet
 * opened). On a phone's network the first screen's calls, avatars and intro are still arriving at
 * `load`; on HTTP/1.1 (six connections to a host) anything fetched then holds connections they wait
 * for.
 */
export const AFTER_START_MS = 3_000;

/** Runs `fn` `AFTER_START_MS` after the page has loaded. */
export function afterStart(fn: () => void): void {
  afterLoad(() => setTimeout(fn, AFTER_START_MS));
}
