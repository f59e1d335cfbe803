import type { Features, GeoIp, ProviderConfig } from '@parlor/contract';
import { paymentsTestMode } from '../../config';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { featuresFor } from '../../lib/features';
import { KEYWORDS } from './keywords';

/** The simulated crypto top-up runs only where the deployment allows it (CRYPTO_TOPUP) and the account may. */
export function cryptoTopUpEnabled(ctx: AppContext, user: UserRow | null): boolean {
  return ctx.config.cryptoTopUp === 'sandbox' && featuresFor(user).crypto_payment;
}

/** The account's flags as its app sees them: crypto payments also need the deployment to allow them. */
export function providerFeatures(ctx: AppContext, user: UserRow | null): Features {
  return { ...featuresFor(user), crypto_payment: cryptoTopUpEnabled(ctx, user) };
}

/** The client's configuration: the caller's features (a guest's when signed out) and the word lists. */
export function providerConfig(ctx: AppContext, user: UserRow | null): ProviderConfig {
  return {
    is_guest: user === null,
    features: providerFeatures(ctx, user),
    ...KEYWORDS,
    media_base_url: ctx.config.mediaBaseUrl || null,
    payments_test_mode: paymentsTestMode(ctx.config),
    payment_provider: ctx.config.paymentProvider,
    push_key: ctx.secrets.vapidPublicKey,
    landing_url: ctx.config.landingUrl || null,
    bot_check: ctx.config.botCheckKey !== undefined,
  };
}

/**
 * Offline by design: no geo database is shipped. A proxy in front (TRUST_PROXY) may pass the
 * visitor's country in CF-IPCountry or X-Country-Code.
 */
export function geoIp(
  ctx: AppContext,
  ip: string,
  headers: Record<string, string | string[] | undefined>,
): GeoIp {
  const header = ctx.config.trustProxy ? (headers['cf-ipcountry'] ?? headers['x-country-code']) : undefined;
  const code = typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header.toUpperCase() : null;
  return { ip, country: code, country_code: code };
}
