import { describe, expect, it } from 'vitest';
import { loadConfig, paymentsTestMode } from './config';
import { DEMO_PASSWORD } from './scripts/seed/demo-passwords';

describe('payments configuration', () => {
  it('runs the sandbox by default outside production, card payments and crypto top-ups alike', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ paymentProvider: 'sandbox', cryptoTopUp: 'sandbox' });
    expect(paymentsTestMode(config)).toBe(true);
  });

  it('refuses to start in production unless PAYMENT_PROVIDER=sandbox is chosen explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe(
      'sandbox',
    );
  });

  it('turns the simulated crypto top-up off in production unless CRYPTO_TOPUP=sandbox', () => {
    const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(production).cryptoTopUp).toBe('off');
    expect(loadConfig({ ...production, CRYPTO_TOPUP: 'sandbox' }).cryptoTopUp).toBe('sandbox');
    expect(loadConfig({ CRYPTO_TOPUP: 'off' }).cryptoTopUp).toBe('off');
  });
});

describe('admin account variables', () => {
  it('are all three or none, each valid as at sign-up', () => {
    expect(loadConfig({}).admin).toBeUndefined();
    expect(
      loadConfig({ ADMIN_USERNAME: '@Boss', ADMIN_PASSWORD: 'long-secret', ADMIN_EMAIL: 'Boss@Example.com' })
        .admin,
    ).toEqual({ username: 'Boss', password: 'long-secret', email: 'boss@example.com' });
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'long-secret' })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(() =>
      loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short', ADMIN_EMAIL: 'boss@example.com' }),
    ).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('two-factor sign-in for admins', () => {
  it('is required in production and not elsewhere, unless ADMIN_REQUIRE_2FA says otherwise', () => {
    const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(production).adminRequire2fa).toBe(true);
    expect(loadConfig({ ...production, ADMIN_REQUIRE_2FA: 'false' }).adminRequire2fa).toBe(false);
    expect(loadConfig({}).adminRequire2fa).toBe(false);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: 'true' }).adminRequire2fa).toBe(true);
  });
});

describe('demo data', () => {
  const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };

  it('is loaded by default outside production only; in production SEED_DEMO=true turns it on', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses the demo password as ADMIN_PASSWORD, in every environment', () => {
    const admin = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: DEMO_PASSWORD, ADMIN_EMAIL: 'boss@example.com' };
    for (const env of [admin, { ...production, ...admin }, { ...production, ...admin, SEED_DEMO: 'true' }])
      expect(() => loadConfig(env)).toThrow(
        'Invalid configuration: ADMIN_PASSWORD is the demo password, which is public: choose another.',
      );
  });
});

describe('upload quota variables', () => {
  it('default to 50 GB for a creator and 500 MB for a fan, and take fractions', () => {
    expect(loadConfig({}).mediaQuotaBytes).toEqual({ creator: 50 * 1024 ** 3, fan: 500 * 1024 ** 2 });
    expect(loadConfig({ MEDIA_QUOTA_CREATOR_GB: '0.5', MEDIA_QUOTA_FAN_MB: '0' }).mediaQuotaBytes).toEqual({
      creator: 512 * 1024 ** 2,
      fan: 0,
    });
    expect(() => loadConfig({ MEDIA_QUOTA_FAN_MB: '-1' })).toThrow(/MEDIA_QUOTA_FAN_MB/);
  });
});

describe('push configuration', () => {
  it("signs pushes with MAIL_FROM's address unless VAPID_SUBJECT says otherwise", () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ MAIL_FROM: 'ops@parlor.example' }).vapidSubject).toBe('mailto:ops@parlor.example');
    expect(loadConfig({ VAPID_SUBJECT: 'https://parlor.example/contact' }).vapidSubject).toBe(
      'https://parlor.example/contact',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@parlor.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('takes http push endpoints outside production only, unless told', () => {
    expect(loadConfig({}).pushAllowHttp).toBe(true);
    const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(production).pushAllowHttp).toBe(false);
    expect(loadConfig({ ...production, PUSH_ALLOW_HTTP: 'true' }).pushAllowHttp).toBe(true);
  });
});

describe('empty variables', () => {
  it('count as unset, as compose passes the ones a deployment leaves out', () => {
    const blank = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      ADMIN_EMAIL: '',
      PORT: '',
      SMTP_URL: '',
      S3_ENDPOINT: '',
      SEED_DEMO: '',
    };
    expect(loadConfig(blank)).toMatchObject({ admin: undefined, port: 8080, seedDemo: false });
    expect(loadConfig(blank).smtpUrl).toBeUndefined();
    expect(loadConfig(blank).s3).toBeUndefined();
  });
});
