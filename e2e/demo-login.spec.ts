import { expectShell, signIn } from './support/accounts';
import { expect, test } from './support/test';

// The demo seed (SEED_DEMO=true) prints these logins at start; README lists them for visitors.
const DEMO_PASSWORD = 'password123';

for (const login of ['alex', 'mila']) {
  test(`demo account ${login} signs in`, async ({ page }) => {
    await signIn(page, login, DEMO_PASSWORD);
    await expectShell(page);
    await expect(page).not.toHaveURL(/\/login/);
  });
}
