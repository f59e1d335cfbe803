import { DESKTOP_MIN_WIDTH, type LAYOUTS } from '@parlor/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../platform/browser';

export type Layout = (typeof LAYOUTS)[number];

/** Local, per-device preference; not part of the account. */
const LAYOUT_KEY = 'parlor-layout';
/** Breakpoint from which the full sidebar (icons and labels) fits. */
const WIDE_MIN_WIDTH = 1152;

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const listeners = new Set<() => void>();
const subscribePreference = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};
const readPreference = (): Layout => (readStorage(LAYOUT_KEY) === 'compact' ? 'compact' : 'default');

/**
 * Default and compact layouts. Compact is the icons-only sidebar. It is forced between
 * the desktop width (640) and 1152, where labels would squeeze the content; from 1152 the user
 * chooses, and the choice is stored locally. Below 640 the bottom tab bar replaces the sidebar.
 */
export function useLayout() {
  const desktop = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const wide = useMediaQuery(`(min-width: ${WIDE_MIN_WIDTH}px)`);
  const preference = useSyncExternalStore(subscribePreference, readPreference, () => 'default' as Layout);
  const layout: Layout = !wide || preference === 'compact' ? 'compact' : 'default';
  const setPreference = (next: Layout) => {
    writeStorage(LAYOUT_KEY, next);
    for (const notify of listeners) notify();
  };
  return { desktop, wide, layout, preference, setPreference };
}
