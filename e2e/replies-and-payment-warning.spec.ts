import { signIn } from './support/accounts';
import { captureScreens } from './support/screens';
import { type Browser, expect, type Page, test } from './support/test';

// Demo seed logins (e2e/README.md): alex is a fan who already chats with mila, a creator.
const PASSWORD = 'password123';

async function signedIn(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login, PASSWORD);
  await expect(page).toHaveURL(/\/chats$/);
  return page;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message ${name}` });
const bubble = (page: Page, text: string) => log(page).locator('[data-message-id]').filter({ hasText: text });

test('a creator replies to a fan’s message: the reply quotes it on both sides and the quote leads to it', async ({
  browser,
}) => {
  const creator = await signedIn(browser, 'mila');
  const fan = await signedIn(browser, 'alex');
  const stamp = Date.now().toString(36);
  const question = `Do you have a new set this week? ${stamp}`;
  const answer = `Yes, on Friday ${stamp}`;

  await fan.goto('/mila');
  await fan.getByRole('button', { name: 'Message' }).click();
  await expect(fan).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  await composer(fan, 'mila').fill(question);
  await composer(fan, 'mila').press('Enter');
  await expect(bubble(fan, question)).toBeVisible();

  await creator.getByRole('link', { name: /alex/ }).first().click();
  await expect(bubble(creator, question)).toBeVisible();

  // Reply from the message's menu puts a bar above the composer; its close button cancels it.
  const openReply = async () => {
    await bubble(creator, question).hover();
    await bubble(creator, question).getByRole('button', { name: 'Message actions' }).click();
    await creator.getByRole('menuitem', { name: 'Reply' }).click();
  };
  await openReply();
  const bar = creator.getByTestId('reply-bar');
  await expect(bar).toContainText('Replying to alex');
  await expect(bar).toContainText(question);
  await bar.getByRole('button', { name: 'Cancel reply' }).click();
  await expect(bar).toBeHidden();

  await openReply();
  await composer(creator, 'alex').fill(answer);
  await composer(creator, 'alex').press('Enter');
  await expect(bar).toBeHidden();
  const mine = bubble(creator, answer);
  await expect(mine.getByRole('button', { name: /^Reply to alex:/ })).toContainText(question);

  // The fan hears the reply live, with its quote of her own message.
  const theirs = bubble(fan, answer);
  const quote = theirs.getByRole('button', { name: /^Reply to You:/ });
  await expect(quote).toContainText(question);
  await expect(quote).toContainText('You');
  // After a reload the quote comes with the page of messages.
  await fan.reload();
  await expect(quote).toContainText(question);
  await quote.click();
  // The question's own bubble (the reply's bubble quotes the same words) lights up.
  await expect(bubble(fan, question).first()).toHaveAttribute('data-highlight', 'true');
  await captureScreens(fan, 'conversation-reply');
});

test('a fan who talks of paying outside is warned first; sending anyway is recorded', async ({ browser }) => {
  const fan = await signedIn(browser, 'alex');
  const stamp = Date.now().toString(36);
  const text = `Can I pay you with Pay-Pal instead? ${stamp}`;
  await fan.goto('/mila');
  await fan.getByRole('button', { name: 'Message' }).click();
  await expect(fan).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);

  await composer(fan, 'mila').fill(text);
  await composer(fan, 'mila').press('Enter');
  const popup = fan.getByRole('dialog', { name: 'Keep payments on Parlor' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Paying or being paid outside Parlor isn’t protected');
  await captureScreens(fan, 'conversation-payment-warning');
  // Editing keeps the text and sends nothing.
  await popup.getByRole('button', { name: 'Edit message' }).click();
  await expect(popup).toBeHidden();
  await expect(composer(fan, 'mila')).toHaveValue(text);
  await expect(bubble(fan, text)).toHaveCount(0);

  await composer(fan, 'mila').press('Enter');
  const warned = fan.waitForResponse((r) => r.url().endsWith('/v1/messages/warned'));
  await popup.getByRole('button', { name: 'Send anyway' }).click();
  expect((await warned).status()).toBe(204);
  await expect(bubble(fan, text)).toBeVisible();
  await expect(composer(fan, 'mila')).toHaveValue('');

  // A text without payment talk goes without asking.
  const plain = `See you soon ${stamp}`;
  await composer(fan, 'mila').fill(plain);
  await composer(fan, 'mila').press('Enter');
  await expect(bubble(fan, plain)).toBeVisible();
  await expect(popup).toBeHidden();
});
