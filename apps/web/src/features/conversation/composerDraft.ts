// The text typed in a conversation's composer, kept for the tab (sessionStorage): a reload, or
// leaving the page while a photo uploads, does not lose it. Per account and chat, so another
// account signed in on the same tab never sees it; sending clears it.

const keyOf = (me: string, otherUserId: string) => `parlor-draft:${me}:${otherUserId}`;

export function readDraft(me: string | undefined, otherUserId: string): string {
  if (!me) return '';
  try {
    return globalThis.sessionStorage?.getItem(keyOf(me, otherUserId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(me: string | undefined, otherUserId: string, text: string): void {
  if (!me) return;
  try {
    if (text.trim()) globalThis.sessionStorage?.setItem(keyOf(me, otherUserId), text);
    else globalThis.sessionStorage?.removeItem(keyOf(me, otherUserId));
  } catch {
    // Storage full or blocked: the draft lasts as long as the page.
  }
}
