import { STORAGE_KEYS } from '@parlor/contract';

// Thin wrappers over browser globals: one place to stub them in node tests, and storage access
// that never throws (Safari private mode and blocked storage raise on access).

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session then lasts for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing stored is nothing to remove.
  }
}

export const storedToken = () => readStorage(STORAGE_KEYS.authToken);
export const storeToken = (token: string) => writeStorage(STORAGE_KEYS.authToken, token);

/**
 * Logout clears stored data. The is-banned flag outlives a session on purpose (only the
 * unban screen clears it), and so does the local layout preference.
 */
export function clearStoredSession(): void {
  removeStorage(STORAGE_KEYS.authToken);
  // A team seat's own session goes with it (platform/seatSession.ts).
  removeStorage(STORAGE_KEYS.ownAuthToken);
  removeStorage(STORAGE_KEYS.seatWorkspace);
}

export function readCookie(name: string): string | undefined {
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function currentPath(): string {
  return globalThis.location?.pathname ?? '/';
}

/** A full page load: used where the whole client state must be dropped (401, 503, logout). */
export function redirectTo(path: string): void {
  if (currentPath() === path) return;
  globalThis.location?.assign(path);
}

/** A full page load at `path` even when already there: the session itself changed (a team seat). */
export function reloadAt(path: string): void {
  globalThis.location?.assign(path);
}

/** Copies text; falls back to a selected textarea where the clipboard API is missing or refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure origin): try the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

/** Hands a file made in the page to the browser as a download named `name`. */
export function offerDownload(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the memory can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
