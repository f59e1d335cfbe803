import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

/**
 * With E2E_SCREENSHOTS=1, saves the current screen at phone and desktop width (e2e/screenshots/,
 * git-ignored) for a human to look at; otherwise does nothing, so journeys stay fast.
 */
export async function captureScreens(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const original = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
