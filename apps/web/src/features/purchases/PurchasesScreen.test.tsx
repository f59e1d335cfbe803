import type { PostPurchase } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { PurchasesScreen } from './PurchasesScreen';
import {
  loadPostPurchases,
  loadPurchases,
  loadSellers,
  setPurchasesHidden,
  tabChanged,
} from './purchasesSlice';
import { purchase } from './purchasesTestData';

function render(store: ReturnType<typeof createStore>) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account/purchases']}>
        <PurchasesScreen />
      </MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('purchases screen', () => {
  it('gives the price in dollars only to an account with usd_content', () => {
    const store = createStore();
    store.dispatch(loadProviderConfig.fulfilled(testProviderConfig({ usd_content: false }), 'c', undefined));
    store.dispatch(loadPurchases.fulfilled({ data: [purchase('1')], next: null }, 'r', 'visible'));
    const { text } = render(store);
    expect(text).toContain('30 credits');
    expect(text).not.toContain('$3.00');
  });

  it('shows each purchase with its creator linking to the chat, its price and date', () => {
    const store = createStore();
    store.dispatch(loadProviderConfig.fulfilled(testProviderConfig({ usd_content: true }), 'c', undefined));
    store.dispatch(tabChanged('all'));
    store.dispatch(
      loadPurchases.fulfilled(
        { data: [purchase('1'), purchase('2', true)], next: '/v1/message/paid?state=all&limit=20&offset=20' },
        'r',
        'all',
      ),
    );
    store.dispatch(loadSellers.fulfilled({ s1: { username: 'mila', avatar_url: null } }, 'r', ['s1']));
    const { html, text } = render(store);
    expect(html).toContain('href="/chats/s1"');
    expect(text).toContain('mila');
    expect(text).toContain('30 credits · $3.00');
    expect(html.match(/aria-label="Open photo from mila"/g)).toHaveLength(2);
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>All</);
    // Only the hidden one is marked, and more can be loaded.
    expect(text.match(/Hidden/g)).toHaveLength(2);
    expect(text).toContain('Show more');
  });

  it('says what a hide did', () => {
    const store = createStore();
    store.dispatch(
      loadPurchases.fulfilled({ data: [purchase('1'), purchase('2')], next: null }, 'r', 'visible'),
    );
    store.dispatch(setPurchasesHidden.fulfilled({ updated: 1 }, 'r', { ids: ['1'], hidden: true }));
    const { html, text } = render(store);
    expect(html).toMatch(/role="status"[^>]*>1 purchase hidden\. Find it under Hidden\./);
    expect(text.match(/Open photo/g) ?? []).toHaveLength(0);
    expect(html.match(/data-testid="purchase"/g)).toHaveLength(1);
  });

  it('an empty Hidden tab says so', () => {
    const store = createStore();
    store.dispatch(tabChanged('hidden'));
    store.dispatch(loadPurchases.fulfilled({ data: [], next: null }, 'r', 'hidden'));
    expect(render(store).text).toContain('Nothing hidden');
  });
});

describe('post unlocks on the purchases screen', () => {
  const postPurchase = (id: string, post: boolean) => ({
    _id: id,
    post_id: id,
    seller: { _id: 's1', username: 'mila' },
    price: 40,
    price_in_dollars: '4.00',
    created_at: '2026-03-01T10:00:00.000Z',
    post: post
      ? ({
          ...purchase(id).message,
          _id: id,
          type: 'image',
          locked: false,
        } as unknown as PostPurchase['post'])
      : null,
  });

  it('lists them beside the chat purchases, with creator, price and a next page; a deleted post says so', () => {
    const store = createStore();
    store.dispatch(loadProviderConfig.fulfilled(testProviderConfig({ usd_content: true }), 'c', undefined));
    store.dispatch(loadPurchases.fulfilled({ data: [purchase('1')], next: null }, 'r', 'visible'));
    store.dispatch(
      loadPostPurchases.fulfilled(
        {
          data: [postPurchase('7', true), postPurchase('8', false)],
          next: '/v1/feed/purchases?limit=20&offset=20',
        },
        'p',
        undefined,
      ),
    );
    const { html, text } = render(store);
    expect(text).toContain('Unlocked posts');
    expect(html.match(/data-testid="post-purchase"/g)).toHaveLength(2);
    expect(text).toContain('Post · 40 credits · $4.00');
    expect(html).toContain('href="/mila"');
    expect(html).toContain('aria-label="Open post from mila"');
    expect(text).toContain('Removed by the creator');
    expect(text).toContain('Show more posts');
    // The Hidden tab is about chat purchases only: post unlocks have no hide.
    store.dispatch(tabChanged('hidden'));
    expect(render(store).text).not.toContain('Unlocked posts');
  });
});
