import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// The reset page checks its link as it opens: a wrong (or used, or expired) one is said at once,
// with a way to ask for a new link, before anyone types a new password.

test('a reset link that does not work says so as the page opens', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-link-anyone-was-sent');
  const broken = page.getByRole('alert');
  await expect(broken).toContainText('This reset link is not valid. Please ask for a new one.');
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await captureScreens(page, 'reset-link-invalid');
  await broken.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/login\/forgot\/?$/);
});
