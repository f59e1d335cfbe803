import { signIn } from './support/accounts';
import { apiSignUp } from './support/money';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// A fan browses Discover: searches, filters by gender (remembered on this device),
// follows a creator from her card and opens her page. The demo creators (mila, sofia, luna) are
// all women; sam follows mila already and nobody else. The journey adds 21 approved creators (men,
// named paycreator-…) so that a search fills more than one page of 20.

const DEMO_PASSWORD = 'password123';

const grid = (page: Page) => page.getByRole('list', { name: 'Creators' });
const cardOf = (page: Page, username: string) =>
  grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });

test('a fan finds a creator by search and by gender, follows her from her card and opens her page', async ({
  page,
  request,
}) => {
  const extra = [];
  for (let i = 0; i < 21; i++) extra.push(await apiSignUp(request, 'featured'));
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'sam', DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Discover', exact: true }).first().click();
  await expect(page).toHaveURL(/\/discover/);
  await expect(cardOf(page, 'luna')).toBeVisible();
  await captureScreens(page, 'discover');

  // sam is a man with the discover_cards feature: one suggested creator at a time, never one he
  // follows; Next moves on to another.
  const suggested = page.getByRole('region', { name: 'Suggested for you' });
  const suggestedName = suggested.getByRole('link');
  await expect(suggested).toBeVisible();
  await expect(suggestedName).not.toHaveText('mila');
  const first = (await suggestedName.textContent()) ?? '';
  await suggested.getByRole('button', { name: 'Next suggestion' }).click();
  await expect(suggestedName).not.toHaveText(first);
  await expect(suggestedName).not.toHaveText('mila');

  // Search: only the creator whose name, bio or tags match stays.
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('sofia');
  await expect(cardOf(page, 'sofia')).toBeVisible();
  await expect(cardOf(page, 'luna')).toHaveCount(0);
  await expect(cardOf(page, 'mila')).toHaveCount(0);
  await expect(page).toHaveURL(/q=sofia/);

  // A search that finds nothing says so and offers to clear the filters.
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'No creators found' })).toBeVisible();
  await captureScreens(page, 'discover-empty');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search creators' })).toHaveValue('');
  await expect(cardOf(page, 'mila')).toBeVisible();

  // Gender: men only, then women only; the choice outlives a reload.
  const male = page.getByRole('button', { name: 'Male', exact: true });
  const female = page.getByRole('button', { name: 'Female', exact: true });
  await male.click();
  await expect(male).toHaveAttribute('aria-pressed', 'true');
  // Men only: creators of this journey (other journeys add men too, so which ones fill the first
  // page of 20 depends on the ranking, not on which was signed up first).
  const ours = new RegExp(`^(${extra.map((c) => c.username).join('|')})$`);
  await expect(grid(page).getByRole('link', { name: ours }).first()).toBeVisible();
  await expect(cardOf(page, 'sofia')).toHaveCount(0);
  await male.click();
  await female.click();
  await expect(female).toHaveAttribute('aria-pressed', 'true');
  for (const name of ['mila', 'sofia', 'luna']) await expect(cardOf(page, name)).toBeVisible();
  await expect(cardOf(page, extra[0]!.username)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Female', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Male', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(cardOf(page, 'sofia')).toBeVisible();
  // The suggestion visited before the reload is not offered again.
  await expect(suggested).toBeVisible();
  await expect(suggestedName).not.toHaveText(first);

  // Follow from the card: it says Following at once, and still after a reload.
  const sofia = cardOf(page, 'sofia');
  await expect(cardOf(page, 'mila').getByRole('button', { name: 'Following mila' })).toBeVisible();
  await sofia.getByRole('button', { name: 'Follow sofia' }).click();
  await expect(sofia.getByRole('button', { name: 'Following sofia' })).toBeVisible();
  await captureScreens(page, 'discover-following');
  await page.reload();
  await expect(cardOf(page, 'sofia').getByRole('button', { name: 'Following sofia' })).toBeVisible();

  // More than 20 results: the next page arrives when the fan scrolls to the end of the list.
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('paycreator-');
  const cards = grid(page).getByRole('article');
  // The search's own page, not the one of the gender change before it (which still shows luna).
  await expect(cardOf(page, 'luna')).toHaveCount(0);
  await expect(cards).toHaveCount(20);
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);

  // The card (its picture, not only the name) opens her page.
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('sofia');
  await expect(cardOf(page, 'luna')).toHaveCount(0);
  await cardOf(page, 'sofia').click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(/\/sofia$/);
  await expect(page.getByRole('heading', { level: 1, name: 'sofia' })).toBeVisible();
});
