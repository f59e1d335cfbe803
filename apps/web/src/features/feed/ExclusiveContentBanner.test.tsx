import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { ExclusiveContentBanner } from './ExclusiveContentBanner';

const render = (store: ReturnType<typeof createStore>) =>
  renderToStaticMarkup(
    <Provider store={store}>
      <ExclusiveContentBanner />
    </Provider>,
  );

describe('the exclusive content banner', () => {
  it('shows while the account’s exclusive_content_banner flag is on, and goes when an admin turns it off', () => {
    const store = createStore();
    store.dispatch(
      loadProviderConfig.fulfilled(testProviderConfig({ exclusive_content_banner: true }), 'c', undefined),
    );
    expect(render(store)).toContain('Share exclusive content');
    store.dispatch(
      realtimeEvent({
        event: 'provider_features_update',
        data: { features: testProviderConfig({ exclusive_content_banner: false }).features },
        me: 'me',
        receivedAt: 1,
      }),
    );
    expect(render(store)).toBe('');
  });
});
