import { signIn } from './support/accounts';
import { captureScreens } from './support/screens';
import { type Browser, expect, type Page, test } from './support/test';

// Demo seed logins (e2e/README.md): alex is a fan who already chats with mila, a creator.
const PASSWORD = 'password123';

async function signedIn(browser: Browser, login: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await signIn(page, login, PASSWORD);
  await expect(page).toHaveURL(/\/chats$/);
  return page;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const presence = (page: Page) => page.getByTestId('presence');
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message ${name}` });

/** Waits until a server answers its readiness check. */
async function ready(url: string) {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} never became ready`);
}

// One process always; on PostgreSQL + Redis also with the creator on a second server process.
const secondUrl = process.env.E2E_SECOND_URL;
const setups: [string, string | undefined][] = [['on one server process', undefined]];
if (secondUrl) setups.push(['with each browser on a different server process', secondUrl]);

for (const [where, creatorServer] of setups)
  test(`a fan and a creator chat live ${where}: messages, typing, read state and online state`, async ({
    browser,
  }) => {
    if (creatorServer) await ready(creatorServer);
    const creator = await signedIn(browser, 'mila', creatorServer);
    const fan = await signedIn(browser, 'alex');
    const stamp = Date.now().toString(36);
    const hello = `Hi Mila, I loved your latest set ${stamp}`;
    const reply = `Thank you Alex, glad you liked it ${stamp}`;

    // The fan opens the creator's page and messages her from there.
    await fan.goto('/mila');
    await expect(fan.getByRole('heading', { name: 'mila', level: 1 })).toBeVisible();
    await fan.getByRole('button', { name: 'Message' }).click();
    await expect(fan).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    // The creator is connected, so the fan sees her online.
    await expect(presence(fan)).toHaveText('Online');

    await composer(fan, 'mila').fill(hello);
    await composer(fan, 'mila').press('Enter');
    await expect(log(fan).getByText(hello)).toBeVisible();

    // The creator's inbox shows it without a reload, with an unread badge, at the top.
    const row = creator.getByRole('link', { name: /alex/ }).first();
    await expect(row).toContainText(hello);
    await expect(row).toContainText('unread');
    await captureScreens(creator, 'chat-live-creator-inbox');

    // She opens the chat: the message is there, alex is online, and opening it marks it read.
    await row.click();
    await expect(log(creator).getByText(hello)).toBeVisible();
    await expect(presence(creator)).toHaveText('Online');
    await expect(fan.getByTestId('seen')).toBeVisible();

    // Typing shows on the other side, and clears when the message is sent.
    await composer(creator, 'alex').pressSequentially('Thank you', { delay: 20 });
    await expect(presence(fan)).toHaveText('typing…');
    await composer(creator, 'alex').fill(reply);
    await composer(creator, 'alex').press('Enter');
    await expect(log(fan).getByText(reply)).toBeVisible();
    await expect(presence(fan)).toHaveText('Online');

    // The fan has the conversation open and visible: the reply is read at once, and she sees it.
    await expect(creator.getByTestId('seen')).toBeVisible();

    await composer(fan, 'mila').pressSequentially('One more', { delay: 20 });
    await expect(presence(creator)).toHaveText('typing…');
    await captureScreens(fan, 'chat-live-fan-conversation');

    // When the fan leaves, the creator sees him go offline with a last-seen time.
    await fan.context().close();
    await expect(presence(creator)).toHaveText(/^Last seen/);
    await creator.context().close();
  });
