import type { ProviderConfig } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { AppShell } from './AppShell';

const config = (payments_test_mode: boolean): ProviderConfig => ({
  is_guest: false,
  features: {} as ProviderConfig['features'],
  payment_keywords: [],
  global_keywords: [],
  greeting_keywords: [],
  app_keywords: [],
  media_base_url: null,
  payments_test_mode,
  payment_provider: 'sandbox',
  push_key: '',
  landing_url: null,
  bot_check: false,
});

/** The signed-in frame as the server's provider config leaves it. */
function shell(testMode: boolean) {
  const store = createStore();
  store.dispatch(loadProviderConfig.fulfilled(config(testMode), 'req', undefined));
  return renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/chats']}>
        <AppShell>
          <p>screen</p>
        </AppShell>
      </MemoryRouter>
    </Provider>,
  );
}

describe('test-mode ribbon', () => {
  it('says payments are simulated, as a note above the header, while the server runs the sandbox', () => {
    const html = shell(true);
    expect(html).toMatch(/<div[^>]*role="note"[^>]*aria-label="Test mode"/);
    expect(html).toContain('Payments are simulated');
    expect(html.indexOf('role="note"')).toBeLessThan(html.indexOf('<header'));
    expect(html).toContain('data-test-mode="true"');
  });

  it('is absent with a real payment provider', () => {
    const html = shell(false);
    expect(html).not.toContain('role="note"');
    expect(html).not.toContain('data-test-mode');
  });
});
