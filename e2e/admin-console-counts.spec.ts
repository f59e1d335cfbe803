import type { AdminQueueCounts } from '@parlor/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { type ApiAccount, apiSignUp, demoAdmin, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// The console's tabs count the open items of each queue and follow the admin's decisions; the audit
// log names people; the admin's own account offers no action; and a banned account trying to sign
// in reads the ban's reason and where to appeal, as the terminated popup tells it.

async function queueCounts(request: APIRequestContext, admin: ApiAccount) {
  const res = await request.get('/v1/admin/queue/counts', { headers: { 'access-token': admin.token } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AdminQueueCounts;
}

/** apiSignUp's password. */
const PASSWORD = 'correct-horse-9';

const tab = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Moderation sections' })
    .getByRole('link', { name: new RegExp(`^${name}`) });

test('the console counts its queues, names people in the audit log and refuses its own account', async ({
  page,
  request,
}) => {
  const admin = await demoAdmin(request);
  const applicant = await apiSignUp(request, 'user');
  const applied = await request.post('/v1/users/apply', {
    headers: { 'access-token': applicant.token },
    data: { message: 'I draw comics.' },
  });
  expect(applied.status()).toBe(200);
  const before = await queueCounts(request, admin);

  await openAs(page, admin, '/admin/applications');
  await expect(tab(page, 'Applications')).toHaveText(`Applications ${before.applications}`);
  await expect(tab(page, 'Reports')).toHaveText(`Reports ${before.reports}`);
  await expect(tab(page, 'Users')).toHaveText('Users');
  await captureScreens(page, 'admin-console-counts');

  // Rejecting the application takes one off the tab's count, without a reload.
  const application = page.getByRole('article', { name: `Application of ${applicant.username}` });
  await application.getByRole('button', { name: 'Reject application', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Reject application:/ });
  await dialog.getByRole('textbox').fill('Not a fit yet');
  await dialog.getByRole('button', { name: 'Reject application', exact: true }).click();
  await expect(application).toBeHidden();
  await expect(tab(page, 'Applications')).toHaveText(`Applications ${before.applications - 1}`);

  // The admin's own account: the reason in place of the actions and the flags.
  await tab(page, 'Users').click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('admin');
  await page.getByRole('button', { name: 'Search' }).click();
  const own = page.getByRole('article', { name: 'Account admin', exact: true });
  await expect(own).toContainText('You cannot take admin actions on your own account.');
  await expect(own.getByRole('button', { name: 'Ban' })).toHaveCount(0);
  await expect(own.getByText('Feature flags')).toHaveCount(0);

  // The audit log names the admin and the applicant; the ids stay in the cells' titles.
  await tab(page, 'Audit log').click();
  const row = page
    .getByRole('row')
    .filter({ hasText: 'reject-enquiry' })
    .filter({ hasText: `@${applicant.username}` });
  await expect(row.first()).toContainText('@admin');
  await expect(row.first().getByRole('cell', { name: `@${applicant.username}` })).toHaveAttribute(
    'title',
    `user ${applicant.id}`,
  );
  await expect(row.first().getByRole('cell', { name: '@admin' })).toHaveAttribute('title', admin.id);
  await captureScreens(page, 'admin-audit-names');
});

test('a banned account signing in reads the reason and where to appeal', async ({ page, request }) => {
  const admin = await demoAdmin(request);
  const fan = await apiSignUp(request, 'user');
  const ban = await request.post(`/v1/admin/users/${fan.id}/ban`, {
    headers: { 'access-token': admin.token },
    data: { reason: 'Selling accounts' },
  });
  expect(ban.status()).toBe(200);
  const refused = await request.post('/v1/auth', { data: { login: fan.username, password: PASSWORD } });
  expect(refused.status()).toBe(403);
  const { contact } = (await refused.json()).ban as { contact: string | null };

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email or username' }).fill(fan.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'suspended' });
  await expect(alert).toContainText('Your account has been temporarily suspended for violating the rules.');
  await expect(alert).toContainText('Reason: Selling accounts');
  await expect(alert).toContainText(
    contact
      ? `To appeal, write to ${contact}.`
      : 'If you think this is a mistake, contact the team that runs Parlor to appeal.',
  );
  await captureScreens(page, 'sign-in-banned');
});
