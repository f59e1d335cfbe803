import type { FeatureFlag, Features } from '@parlor/contract';
import type { UserRow } from '../db/schema';
import { forbidden } from './errors';

const FAN_DEFAULTS: Record<FeatureFlag, boolean> = {
  broadcast: false,
  exclusive_content_banner: false,
  no_discover: false,
  force_free_chats: true,
  bank_transfer: false,
  paypal_transfer: false,
  paxum_transfer: false,
  crypto_transfer: false,
  tips: true,
  usd_content: true,
  credit_package_sales_commissions: false,
  crypto_payment: true,
  vault: false,
  discover_cards: true,
};

const CREATOR_DEFAULTS: Record<FeatureFlag, boolean> = {
  ...FAN_DEFAULTS,
  broadcast: true,
  exclusive_content_banner: true,
  bank_transfer: true,
  paypal_transfer: true,
  paxum_transfer: true,
  crypto_transfer: true,
  credit_package_sales_commissions: true,
  vault: true,
  discover_cards: false,
};

/** Per-account feature flags: the type's defaults, overridden by the account's own settings. */
export function featuresFor(user: Pick<UserRow, 'type' | 'features'> | null): Features {
  if (!user) return { ...FAN_DEFAULTS, tips: false, vault: false, crypto_payment: false };
  const defaults = user.type === 'featured' ? CREATOR_DEFAULTS : FAN_DEFAULTS;
  return { ...defaults, ...(user.features ?? {}) };
}

/** Refuses what a flag turned off on this account: 403 with the flag's own message. */
export function assertFeature(
  user: Pick<UserRow, 'type' | 'features'>,
  flag: FeatureFlag,
  message: string,
  code: string,
): void {
  if (!featuresFor(user)[flag]) throw forbidden(message, code);
}
