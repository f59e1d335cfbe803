import type { Page } from '@playwright/test';

/** An element the page added, as the user first saw it. */
export interface Added {
  /** Its `aria-label`, read when it was added. */
  label: string | null;
  /** The opacity it was drawn with in its first frame: its own times every ancestor's. */
  opacity: number;
}

/**
 * Records every element matching `selector` that the page adds from its start on (an observer put
 * in before the page's own scripts): `added()` lists them, `clear()` forgets those so far.
 */
export async function watchAdded(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    const seen: Added[] = [];
    const host = window as unknown as { added?: Record<string, Added[]> };
    host.added = { ...host.added, [wanted]: seen };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const el = node.matches(wanted) ? node : node.querySelector(wanted);
          if (!el) continue;
          const entry: Added = { label: el.getAttribute('aria-label'), opacity: Number.NaN };
          seen.push(entry);
          requestAnimationFrame(() => {
            let opacity = 1;
            for (let at: Element | null = el; at; at = at.parentElement) {
              opacity *= Number.parseFloat(getComputedStyle(at).opacity);
            }
            entry.opacity = opacity;
          });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  const list = (wanted: string) =>
    (window as unknown as { added: Record<string, Added[] | undefined> }).added[wanted] ?? [];
  return {
    added: () => page.evaluate(list, selector),
    clear: () =>
      page.evaluate((wanted) => {
        const seen = (window as unknown as { added: Record<string, Added[] | undefined> }).added[wanted];
        if (seen) seen.length = 0;
      }, selector),
  };
}
