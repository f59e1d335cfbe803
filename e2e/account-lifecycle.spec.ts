import { apiSignUp, giveCredits, openAs } from './support/money';
import { startOwnServer } from './support/own-server';
import { captureScreens } from './support/screens';
import { expect, type Page, test } from './support/test';

// The account lifecycle in the browser (docs/account-lifecycle.md): a 503 sends the app to
// /maintenance; a creator blocks a country in her privacy settings and a fan from there is refused
// her page with the spec's message; the creator buys a profile boost and sees the BoostActive
// banner. The country comes from the trusted proxy's header, so that part runs on a server of its
// own with TRUST_PROXY=true (the requests of the page get the header added).

// Not E2E_PORT + 100: on PostgreSQL with Redis that is the suite's second server process.
const OWN_PORT = Number(process.env.E2E_LIFECYCLE_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 60);

/** Every API request of this page says it comes from `country`, as a proxy in front would. */
async function comeFrom(page: Page, country: string) {
  await page.route('**/v1/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-country-code': country } }),
  );
}

test('a 503 from the API sends the app to the maintenance page', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  await page.route('**/v1/**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"message":"Maintenance","code":"maintenance"}',
    }),
  );
  await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), fan.token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/chats');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  await captureScreens(page, 'maintenance');
});

test.describe('on a server behind a geo proxy', () => {
  let parlor: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    parlor = await startOwnServer(OWN_PORT, { TRUST_PROXY: 'true' });
  });
  test.afterAll(async () => parlor?.stop());

  test('a creator blocks a country, a fan from there sees the 451 message, and the creator boosts her profile', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
    const creator = await apiSignUp(request, 'featured');
    const fan = await apiSignUp(request, 'user');
    // A photo makes her profile visible in Discover, where a boost counts.
    expect(
      (
        await request.patch('/v1/users/random_avatar', { headers: { 'access-token': creator.token } })
      ).status(),
    ).toBe(200);
    await giveCredits(request, creator);

    const creatorContext = await browser.newContext({ baseURL: parlor.baseUrl });
    const page = await creatorContext.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await openAs(page, creator, '/account/settings/privacy');
    const blocked = page.getByRole('region', { name: 'Blocked countries' });
    await blocked.getByLabel('Country').selectOption('DE');
    await blocked.getByRole('button', { name: 'Block' }).click();
    await expect(blocked.getByRole('list', { name: 'Blocked countries' }).getByText('Germany')).toBeVisible();
    await captureScreens(page, 'blocked-countries');

    // A fan in Germany is refused her page; one in France is not.
    const fanContext = await browser.newContext({ baseURL: parlor.baseUrl });
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 375, height: 812 });
    await comeFrom(fanPage, 'DE');
    await openAs(fanPage, fan, `/${creator.username}`);
    await expect(fanPage.getByRole('heading', { name: 'Not available in your country' })).toBeVisible();
    await expect(fanPage.getByText('Sorry this creator not available in your country')).toBeVisible();
    await captureScreens(fanPage, 'not-in-country');
    await fanPage.unroute('**/v1/**');
    await comeFrom(fanPage, 'FR');
    await fanPage.reload();
    await expect(fanPage.getByRole('heading', { name: creator.username })).toBeVisible();

    // The creator buys a boost from the banner; the banner turns into BoostActive.
    await page.goto('/discover');
    const offer = page.getByRole('region', { name: 'Boost your profiles visibility!' });
    await expect(offer).toBeVisible();
    await captureScreens(page, 'boost-offer');
    await offer.getByRole('button', { name: 'Boost', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Boost your profile' });
    await expect(dialog).toBeVisible();
    await captureScreens(page, 'boost-popup');
    await dialog.getByRole('button', { name: 'Boost for 100 credits' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Profile BOOST Active!' })).toBeVisible();
    await expect(offer).toBeHidden();
    await captureScreens(page, 'boost-active');
    // It outlives a reload: the server keeps boost_until.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Profile BOOST Active!' })).toBeVisible();

    await creatorContext.close();
    await fanContext.close();
    await request.dispose();
  });
});
