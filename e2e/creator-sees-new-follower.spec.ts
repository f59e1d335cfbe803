import { signIn } from './support/accounts';
import { apiSignUp, openAs } from './support/money';
import { captureScreens } from './support/screens';
import { type Browser, expect, test } from './support/test';

// Mila (a demo creator) keeps her inbox open; a new fan who wrote to her follows her from her
// page. She sees "… followed you" at once, and his chat's row shows him as a Follower.

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test('a creator sees a new follower live: a notice and the chat row chip', async ({ browser, request }) => {
  const fan = await apiSignUp(request, 'user');
  const mila = await (await request.get('/v1/users/mila')).json();
  // He writes first, so mila has a chat with him in her inbox.
  const sent = await request.post('/v1/messages', {
    headers: { 'access-token': fan.token },
    data: { type: 'text', recipient_id: mila._id, text: 'Hi Mila, I just found your page!' },
  });
  expect(sent.status()).toBe(200);

  const creator = await newPage(browser);
  await signIn(creator, 'mila', 'password123');
  await expect(creator).toHaveURL(/\/chats$/);
  const row = creator.getByRole('link', { name: new RegExp(fan.username) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Follower', { exact: true })).toHaveCount(0);

  const fanPage = await newPage(browser);
  await openAs(fanPage, fan, '/mila');
  await expect(fanPage.getByRole('heading', { name: 'mila', level: 1 })).toBeVisible();
  await expect(fanPage.getByRole('button', { name: /Subscribe/ })).toBeVisible();
  await expect(fanPage.getByRole('button', { name: 'Tip' })).toBeVisible();
  await expect(fanPage.getByRole('button', { name: 'Message' })).toBeVisible();
  await captureScreens(fanPage, 'creator-page-fan-view');
  await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(fanPage.getByRole('button', { name: 'Following' })).toBeVisible();

  const notices = creator.getByRole('status', { name: 'New fans' });
  await expect(notices.getByText(`${fan.username} followed you`)).toBeVisible();
  await expect(row.getByText('Follower', { exact: true })).toBeVisible();
  await captureScreens(creator, 'creator-sees-new-follower');

  // Her own page: Edit profile instead of the fan's buttons.
  await creator.goto('/mila');
  await expect(creator.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await captureScreens(creator, 'creator-page-own-view');

  // Reloaded, the follow is still there.
  await fanPage.reload();
  await expect(fanPage.getByRole('button', { name: 'Following' })).toBeVisible();
});
