import { closeVerifyPopup, fillSignUp, newAccount } from './support/accounts';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

test('a fan who signs up through mila’s referral link is welcomed to her until she opens her page', async ({
  page,
  context,
}) => {
  const fan = newAccount('invited');
  await page.goto('/login/signup?code=mila');
  await expect(page.getByLabel('Referral code (optional)')).toHaveValue('mila');
  await fillSignUp(page, fan, 'Fan', 'male');
  await closeVerifyPopup(page);

  // Discover pins her, with the way to her chat and her page.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Discover', exact: true })
    .click();
  const welcome = page.getByRole('region', { name: 'Welcome — mila invited you' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Message her' })).toBeVisible();
  // Discover opened with the link's code shows the creators who came with it; all of them shows hers flagged.
  const clear = page.getByRole('button', { name: 'Clear filters' });
  if (await clear.isVisible()) await clear.click();
  const first = page.getByRole('list', { name: 'Creators' }).getByRole('listitem').first();
  await expect(first).toContainText('mila');
  await expect(first).toContainText('Invited you');
  await captureScreens(page, 'discover-welcome');

  // A second tab on Discover sees the welcome end live once the first opens her page.
  const other = await context.newPage();
  await other.goto('/discover');
  const otherWelcome = other.getByRole('region', { name: 'Welcome — mila invited you' });
  await expect(otherWelcome).toBeVisible();

  await welcome.getByRole('link', { name: 'See her page' }).click();
  await expect(page).toHaveURL(/\/mila$/);
  const banner = page.getByRole('region', { name: 'Welcome — mila invited you' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Message her' })).toBeVisible();
  await captureScreens(page, 'creator-page-welcome');

  await expect(otherWelcome).toBeHidden();
  await expect(other.getByText('Invited you')).toHaveCount(0);

  // The visit is recorded: neither her page nor Discover welcomes again, after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'mila', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome — mila invited you' })).toHaveCount(0);
  await other.reload();
  await expect(other.getByRole('list', { name: 'Creators' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Welcome — mila invited you' })).toHaveCount(0);
  await expect(other.getByText('Invited you')).toHaveCount(0);
});
