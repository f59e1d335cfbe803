import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { PriceField } from './PriceField';

function hintFor(usdContent: boolean) {
  const store = createStore();
  store.dispatch(
    loadProviderConfig.fulfilled(testProviderConfig({ usd_content: usdContent }), 'c', undefined),
  );
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <PriceField id="p" value="30" onChange={() => {}} audience="fan" classNames={{}} />
    </Provider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the price hint of a paid photo or video', () => {
  it('gives the dollar value only to an account with usd_content', () => {
    expect(hintFor(true)).toContain('Fans pay 30 credits ($3.00) to unlock it.');
    expect(hintFor(false)).toContain('Fans pay 30 credits to unlock it.');
    expect(hintFor(false)).not.toContain('$');
  });
});
