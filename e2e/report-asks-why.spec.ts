import { apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// A report reaches moderators with a reason: the chat's menu asks why, and sends nothing until a
// reason is chosen ("Something else" wants the reporter's words).

test.use({ viewport: { width: 375, height: 800 } });

test('a fan reports a creator from the chat menu, with a reason the admin reads', async ({
  page,
  request,
}) => {
  const creator = await apiSignUp(request, 'featured');
  const fan = await apiSignUp(request, 'user');
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { type: 'text', recipient_id: creator.id, text: 'Hello there' },
  });
  expect(sent.status()).toBe(200);

  await openAs(page, fan, `/chats/${creator.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: `Report ${creator.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${creator.username}?` });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Report', exact: true });
  await expect(send).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Tell us what happened').fill('Keeps asking for my phone number');
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Report sent. Thank you: our team will look at it.')).toBeVisible();

  const admin = await request.post('/v1/auth', { data: { login: 'admin', password: 'password123' } });
  const reports = await request.get('/v1/admin/queue/reports', {
    headers: { 'access-token': (await admin.json()).access_token },
  });
  expect(reports.status()).toBe(200);
  expect(JSON.stringify(await reports.json())).toContain('Something else: Keeps asking for my phone number');
});

test('cancelling the report sends nothing', async ({ page, request }) => {
  const creator = await apiSignUp(request, 'featured');
  const fan = await apiSignUp(request, 'user');
  await request.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { type: 'text', recipient_id: creator.id, text: 'Hello there' },
  });
  let reported = false;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().endsWith('/v1/chats') && r.postData()?.includes('"report"'))
      reported = true;
  });
  await openAs(page, fan, `/chats/${creator.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: `Report ${creator.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${creator.username}?` });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(reported).toBe(false);
});
