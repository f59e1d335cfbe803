import { useSyncExternalStore } from 'react';

/** A button beside the toast's sentence (Undo); pressing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  text: string;
  action?: ToastAction | undefined;
}

/** How long a toast stays (ms): long enough to read a sentence. */
export const TOAST_MS = 4000;
/** A toast with a button stays longer: long enough to read it and reach the button. */
export const TOAST_ACTION_MS = 8000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Says that something happened (a payment went through, a report was sent); fades by itself. */
export function showToast(text: string, action?: ToastAction): void {
  const toast = { id: nextId++, text, action };
  // The same sentence twice in a row shows once.
  toasts = [...toasts.filter((t) => t.text !== text), toast].slice(-3);
  notify();
  setTimeout(() => dismissToast(toast.id), action ? TOAST_ACTION_MS : TOAST_MS);
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
