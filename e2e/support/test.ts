import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, closing every browser context a journey opened itself (`browser.newContext()`)
 * when it ends: a page left open keeps its user online and connected into the next journey.
 */
export const test = base.extend<{ closeContexts: undefined }>({
  closeContexts: [
    async ({ browser }, use) => {
      await use(undefined);
      await Promise.all(browser.contexts().map((c) => c.close()));
    },
    { auto: true },
  ],
});
