import type { Browser, Page } from '@playwright/test';
import { type ApiAccount, apiSignUp, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// Feature flags (docs/feature-flags.md): the demo's admin switches a creator's Broadcast and Vault
// off in the user panel of /admin; the creator's open page loses both areas at once, without a
// reload, and gets Broadcast back when the admin switches it on again.

test.describe.configure({ timeout: 120_000 });

async function pageAs(browser: Browser, account: ApiAccount, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, account, url);
  return page;
}

test('an admin switches a creator’s Broadcast and Vault off and on, and her open page follows live', async ({
  browser,
  page,
  request,
}) => {
  const creator = await apiSignUp(request, 'featured');
  await openAs(page, creator, '/broadcast');
  const form = page.getByRole('form', { name: 'New broadcast' });
  await expect(form).toBeVisible();
  const areas = page.getByRole('navigation', { name: 'Chat areas' });
  await expect(areas.getByRole('link', { name: 'Broadcast' })).toBeVisible();
  const mainNav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(mainNav.getByRole('link', { name: 'Vault', exact: true })).toBeVisible();

  const login = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  const body = await login.json();
  const admin: ApiAccount = { token: body.access_token, id: body.user._id, username: 'admin' };
  const console_ = await pageAs(browser, admin, '/admin/users');
  await console_.getByRole('searchbox', { name: 'Search users' }).fill(creator.username);
  await console_.getByRole('button', { name: 'Search' }).click();
  const panel = console_.getByRole('article', { name: `Account ${creator.username}` });
  await expect(panel).toBeVisible();
  await panel.getByText('Feature flags').click();
  const flags = panel.getByRole('group', { name: `Feature flags of @${creator.username}` });
  const broadcast = flags.getByRole('switch', { name: 'Broadcast' });
  const vault = flags.getByRole('switch', { name: 'Vault' });
  // The switches show the account's values now: a creator has both by default.
  await expect(broadcast).toBeChecked();
  await expect(vault).toBeChecked();
  await captureScreens(console_, 'admin-feature-flags');

  await broadcast.click();
  await expect(broadcast).not.toBeChecked();
  await expect(broadcast).toBeEnabled();
  // Her page, untouched since: the composer gives way to the reason, and the area leaves the list.
  await expect(page.getByText('Broadcasts are not enabled for this account.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(areas.getByRole('link', { name: 'Broadcast' })).toBeHidden();

  await vault.click();
  await expect(vault).not.toBeChecked();
  await expect(mainNav.getByRole('link', { name: 'Vault', exact: true })).toBeHidden();

  // Switched back on, the composer returns in place.
  await expect(broadcast).toBeEnabled();
  await broadcast.click();
  await expect(broadcast).toBeChecked();
  await expect(form).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Broadcast' })).toBeVisible();

  // The audit log names what was set.
  await console_.getByRole('link', { name: 'Audit log' }).click();
  await expect(console_.getByRole('table')).toContainText('features: broadcast on');
  await expect(console_.getByRole('table')).toContainText('features: vault off');
});
