import { endpoints, type ProviderConfig } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { earlyOrCall } from '../../platform/early';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { logout } from '../auth/authThunks';
import { PROVIDER_CONFIG_QUERY } from './providerConfigQuery';

/**
 * GET /v1/provider/config?platform=react: feature flags and keyword lists. Guests arriving
 * through provider config are logged out.
 */
const CONFIG_REQUEST = 'providerConfig/load';

export const loadProviderConfig = createApiThunk<ProviderConfig>(
  CONFIG_REQUEST,
  async (_arg, { dispatch }) => {
    const config = await earlyOrCall(endpoints.providerConfig, { query: PROVIDER_CONFIG_QUERY });
    if (config.is_guest) void dispatch(logout());
    return config;
  },
  (_, getState) => getState().requests[CONFIG_REQUEST]?.status !== 'Fetching',
);

export interface ProviderConfigState {
  config: ProviderConfig | null;
}

/** An admin changed the account's flags: every screen that reads one follows at once. */
const configAppliers: EventAppliers<ProviderConfigState> = {
  provider_features_update(state, data) {
    if (state.config) state.config.features = data.features;
  },
};

export const providerConfigSlice = createSlice({
  name: 'providerConfig',
  initialState: { config: null } as ProviderConfigState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadProviderConfig.fulfilled, (state, action) => {
        state.config = action.payload;
      })
      .addCase(logout.fulfilled, (state) => {
        state.config = null;
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(configAppliers, state, action.payload));
  },
});

export const selectProviderConfig = (state: RootState) => state.providerConfig.config;
/** The media host from the server's MEDIA_BASE_URL; null when it is the API's origin. */
export const selectMediaBaseUrl = (state: RootState) => state.providerConfig.config?.media_base_url ?? null;
/**
 * Who takes card payments. Only the sandbox takes a card form here; every other provider is a
 * hosted checkout, so the client never asks for a card number then.
 */
export const selectPaymentProvider = (state: RootState) =>
  state.providerConfig.config?.payment_provider ?? 'sandbox';
export const selectFeature =
  (flag: keyof ProviderConfig['features']) =>
  (state: RootState): boolean =>
    state.providerConfig.config?.features[flag] ?? false;
/**
 * The config has loaded and turns this flag off. Areas an account has by default (a creator's
 * Broadcast and Vault) hide on this, so they do not flicker away while the config loads.
 */
export const selectFeatureOff =
  (flag: keyof ProviderConfig['features']) =>
  (state: RootState): boolean =>
    state.providerConfig.config?.features[flag] === false;
/** A creator's vault is an area the vault flag opens (a fan's uploads are not gated by it). */
export const selectVaultOff = (state: RootState): boolean =>
  state.auth.user?.type === 'featured' && selectFeatureOff('vault')(state);
