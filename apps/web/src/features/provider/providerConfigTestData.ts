import { FeatureFlag, type Features, type ProviderConfig } from '@parlor/contract';

/** A provider config as the server answers it: every flag off unless named. */
export function testProviderConfig(features: Partial<Features> = {}, extra: Partial<ProviderConfig> = {}) {
  const off = Object.fromEntries(FeatureFlag.options.map((f) => [f, false])) as Features;
  return {
    is_guest: false,
    features: { ...off, ...features },
    payment_keywords: [],
    global_keywords: [],
    greeting_keywords: [],
    app_keywords: [],
    media_base_url: null,
    payments_test_mode: false,
    payment_provider: 'sandbox',
    push_key: '',
    landing_url: null,
    bot_check: false,
    ...extra,
  } satisfies ProviderConfig;
}
