import {
  STANDIN_SECRET_KEY,
  STANDIN_WEBHOOK_SECRET,
  type StripeStandin,
  startStripeStandin,
} from '../apps/server/test/support/stripe-standin';
import { apiSignUp, expectBalance, openAs } from './support/money';
import { startOwnServer } from './support/own-server';
import { captureScreens } from './support/screens';
import { expect, test } from './support/test';

// PAYMENT_PROVIDER=stripe on a server of its own, the official SDK pointed at a Stripe stand-in on
// 127.0.0.1: the fan pays on the stand-in's hosted page, the stand-in posts the signed webhook that
// credits the account, and the browser comes back through /3ds-callback.
const PORT = Number(process.env.E2E_MEDIA_HOST_PORT ?? 8094) + 2;
const STANDIN_PORT = PORT - 1;
let parlor: Awaited<ReturnType<typeof startOwnServer>>;
let stripe: StripeStandin;

test.describe.configure({ timeout: 120_000 });
/** The server may take longer than startOwnServer waits on a busy machine: wait for it here too. */
async function ready(baseUrl: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server at ${baseUrl} did not become ready`);
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  stripe = await startStripeStandin({
    port: STANDIN_PORT,
    webhookUrl: `http://127.0.0.1:${PORT}/v1/payment/webhook/stripe`,
  });
  parlor = await startOwnServer(PORT, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STANDIN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  await ready(parlor.baseUrl);
});
test.afterAll(async () => {
  await parlor?.stop();
  await stripe?.close();
});

test('a fan buys credits on the provider’s page and comes back to the new balance', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: parlor.baseUrl });
  const fan = await apiSignUp(request, 'user');
  const page = await (await browser.newContext({ baseURL: parlor.baseUrl })).newPage();
  await openAs(page, fan, '/account/get-credits');
  await expect(page.getByRole('heading', { name: 'Get credits' })).toBeVisible();
  await page.getByRole('radio', { name: '100 credits for $10.00' }).check();
  // No card form: the card is typed on the provider's page only.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByText(/Sandbox payments/)).toHaveCount(0);
  await expect(page.getByText("You enter your card on the payment provider's secure page")).toBeVisible();
  await captureScreens(page, 'get-credits-stripe');
  await page.getByRole('button', { name: 'Continue to payment ($10.00)' }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $10.00' }).click();

  // Back through /3ds-callback to the page the fan left, with the webhook's credits.
  await expect(page).toHaveURL(/\/account\/get-credits$/);
  await expectBalance(page, 100);

  // The card Stripe reported is offered next time (brand and last four only).
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await page.getByRole('radio', { name: '260 credits for $25.00' }).check();
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expectBalance(page, 360);
  await captureScreens(page, 'get-credits-stripe-saved');
});
