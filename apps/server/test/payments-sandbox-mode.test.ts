import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';
import { world } from './support/world';

const PRODUCTION = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };

/** On a server started with `env`: a fan's provider config and their simulated crypto top-up. */
function onServer(env: Record<string, string>) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(() => server?.close());
  return async () => {
    const w = world(server);
    const fan = await w.fan();
    const config = await w.api.call('GET', '/v1/provider/config?platform=react', { token: fan.token });
    const topUp = await w.api.call('POST', '/v1/payment/crypto', {
      token: fan.token,
      body: { package_id: 'starter', currency: 'USDT', idempotency_key: 'sandbox-mode-1' },
    });
    return { config: config.body, topUp };
  };
}

describe('sandbox payments in production', () => {
  const tryCryptoTopUp = onServer(PRODUCTION);

  it('tell the app it runs in test mode (it shows a ribbon) and refuse the simulated crypto top-up', async () => {
    const { config, topUp } = await tryCryptoTopUp();
    expect(config).toMatchObject({ payments_test_mode: true, features: { crypto_payment: false } });
    expect(topUp.status).toBe(403);
  });
});

describe('sandbox payments in production with CRYPTO_TOPUP=sandbox', () => {
  const tryCryptoTopUp = onServer({ ...PRODUCTION, CRYPTO_TOPUP: 'sandbox' });

  it('offer and run the simulated crypto top-up', async () => {
    const { config, topUp } = await tryCryptoTopUp();
    expect(config).toMatchObject({ payments_test_mode: true, features: { crypto_payment: true } });
    expect(topUp.status).toBe(200);
  });
});
