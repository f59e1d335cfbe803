import { openChatAsFan } from './support/media';
import { apiSignUp, demoAdmin, openAs } from './support/money';
import { expect, test } from './support/test';

// A frozen account can still answer support from its inbox, and nowhere else; a creator's greeting
// set on her profile screen is the first message of a fan's new chat with her.

test('a frozen fan answers support from the inbox; the admin reads it; other chats stay shut', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);
  const admin = await demoAdmin(request);
  const frozen = await request.post(`/v1/admin/users/${fan.id}/freeze`, {
    headers: { 'access-token': admin.token },
    data: { message: 'Please confirm the email you signed up with.' },
  });
  expect(frozen.status()).toBe(200);

  const fanPage = await (await browser.newContext()).newPage();
  await openAs(fanPage, fan, '/chats');
  // The freeze is told first, with the admin's words; the inbox behind it holds support's chat.
  const told = fanPage.getByRole('dialog', { name: 'Your account is frozen' });
  await expect(told.getByText('Please confirm the email you signed up with.')).toBeVisible();
  await told.getByRole('button', { name: 'OK' }).click();
  await fanPage.getByRole('link', { name: new RegExp(`^${admin.username} Support`) }).click();
  await expect(
    fanPage.getByRole('log').getByText('Please confirm the email you signed up with.'),
  ).toBeVisible();
  const box = fanPage.getByRole('textbox', { name: /Message/ });
  await expect(box).toBeEnabled();
  await box.fill('It is the one I use every day.');
  await box.press('Enter');
  await expect(fanPage.getByRole('log').getByText('It is the one I use every day.')).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await openAs(adminPage, admin, `/chats/${fan.id}`);
  await expect(adminPage.getByRole('log').getByText('It is the one I use every day.')).toBeVisible();

  await fanPage.goto(`/chats/${creator.id}`);
  await expect(fanPage.getByRole('textbox', { name: /Message/ })).toBeDisabled();
  await expect(
    fanPage.getByText("Your account is frozen. Messages can't be sent until support unfreezes it."),
  ).toBeVisible();
});

test('a creator sets a greeting on her profile screen; a new fan’s chat starts with it', async ({
  browser,
  request,
}) => {
  const creator = await apiSignUp(request, 'featured');
  const creatorPage = await (await browser.newContext()).newPage();
  await openAs(creatorPage, creator, '/account/edit-profile');
  await creatorPage.getByLabel('Greeting message').fill('Hi, and welcome! Ask me anything.');
  await creatorPage.getByRole('button', { name: 'Save greeting' }).click();
  await expect(creatorPage.getByText('Your greeting has been saved.')).toBeVisible();

  const fan = await apiSignUp(request, 'user');
  await openChatAsFan(request, fan, creator);
  const fanPage = await (await browser.newContext()).newPage();
  await openAs(fanPage, fan, `/chats/${creator.id}`);
  const log = fanPage.getByRole('log');
  await expect(log.getByText('Hi, and welcome! Ask me anything.')).toBeVisible();
  await fanPage.reload();
  await expect(log.getByText('Hi, and welcome! Ask me anything.')).toHaveCount(1);
});
