import { useSyncExternalStore } from 'react';

/**
 * A creator's earnings in credits: loaded once, then replaced by each message_paid event's total.
 * One number, so a tiny store suffices.
 */
function createEarningsStore() {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number | null) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const earningsStore = createEarningsStore();

export function useEarnings(): number | null {
  return useSyncExternalStore(earningsStore.subscribe, earningsStore.get, () => null);
}
