import { apiSignUp, expectBalance, giveCredits, openAs } from './support/money';
import { expect, type Page, test } from './support/test';

// A new fan finds a creator in Discover by search and by gender, follows her,
// sees her public posts in the home feed, cannot see her private post until subscribing, and buys
// a paid post. The demo creator mila has a public, a private and a paid (40 credits) post.

const PUBLIC = 'Good morning from Lisbon';
const PRIVATE = 'A quiet hike, just for my subscribers';
const PAID = 'The best beach of the trip';

const cardOf = (page: Page, username: string) =>
  page
    .getByRole('list', { name: 'Creators' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });
const posts = (page: Page) => page.getByTestId('feed-post');

test('a new fan finds mila in Discover, follows her, reads her feed, subscribes for the private post and buys the paid one', async ({
  page,
  request,
}) => {
  const fan = await apiSignUp(request, 'user');
  await giveCredits(request, fan, 'popular');
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, fan, '/discover');

  // Found by search, and still there with the Female filter on.
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('mil');
  await expect(cardOf(page, 'mila')).toBeVisible();
  await expect(cardOf(page, 'sofia')).toHaveCount(0);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect(cardOf(page, 'mila')).toBeVisible();
  await cardOf(page, 'mila').getByRole('button', { name: 'Follow mila' }).click();
  await expect(cardOf(page, 'mila').getByRole('button', { name: 'Following mila' })).toBeVisible();

  // Her public post is in the home feed; the private one is locked and hides its words.
  await page.getByRole('link', { name: /^Feed/ }).first().click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(posts(page).filter({ hasText: PUBLIC })).toBeVisible();
  await expect(posts(page).filter({ hasText: PUBLIC }).getByTestId('locked-media')).toHaveCount(0);
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
  await expect(posts(page).filter({ hasText: 'Subscribe to see this post.' }).first()).toBeVisible();

  // On her page: subscribing opens the private post at once.
  await page.goto('/mila');
  await expect(page.getByRole('heading', { name: 'mila', level: 1 })).toBeVisible();
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to mila' });
  const confirm = dialog.getByRole('button', { name: /^Subscribe for \d+ credits$/ });
  const price = Number(/(\d+)/.exec((await confirm.textContent()) ?? '')?.[1]);
  await confirm.click();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
  await expect(posts(page).filter({ hasText: PRIVATE })).toBeVisible();
  await expect(posts(page).filter({ hasText: PRIVATE }).getByTestId('locked-media')).toHaveCount(0);
  await expectBalance(page, 550 - price);

  // The paid post: bought once, shown in full.
  const paid = posts(page).filter({ hasText: PAID });
  await paid.getByRole('button', { name: 'Unlock for 40 credits' }).click();
  await expect(paid.getByTestId('locked-media')).toHaveCount(0);
  await expectBalance(page, 550 - price - 40);
});
