import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
}

/** How long a toast stays (ms): long enough to read a sentence. */
export const TOAST_MS = 4000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Says that something happened (a payment went through, a report was sent); fades by itself. */
export function showToast(text: string): void {
  const toast = { id: nextId++, text };
  // The same sentence twice in a row shows once.
  toasts = [...toasts.filter((t) => t.text !== text), toast].slice(-3);
  notify();
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  const left = toasts.filter((t) => t.id !== id);
  if (left.length === toasts.length) return;
  toasts = left;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
