import { openChatAsFan } from './support/media';
import { apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// Opening the inbox, its first page of chats is asked for together with the session, not after the
// inbox screen's own code has arrived: on a slow phone network that code is a round trip or two,
// and the list should not wait for it. The screen's code is held back here to show the order.

test('opening the inbox asks for its chats while the screen is still loading, once', async ({
  browser,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);

  const page = await (await browser.newContext()).newPage();
  const firstPages: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/v1/chats' && url.searchParams.get('offset') === '0') firstPages.push(req.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let screenAsked = false;
  await page.route('**/assets/ChatsScreen-*.js', async (route) => {
    screenAsked = true;
    await held;
    await route.continue();
  });

  await openAs(page, creator, '/chats');
  // The screen's code is still held, and the chats are already on their way.
  await expect.poll(() => screenAsked).toBe(true);
  await expect.poll(() => firstPages.length).toBe(1);
  release();

  await expect(page.getByRole('link', { name: new RegExp(fan.username) })).toBeVisible();
  // The screen, once there, does not ask for the same page again.
  await page.waitForTimeout(500);
  expect(firstPages).toHaveLength(1);
});
