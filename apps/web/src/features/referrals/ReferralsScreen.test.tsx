import type { User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { userUpdated } from '../auth/authSlice';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { ReferralsScreen } from './ReferralsScreen';
import { loadReferrals } from './referralsSlice';

const me = (type: User['type']) => ({ _id: 'me', username: 'anna', type }) as User;

function render(store: ReturnType<typeof createStore>) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account/referrals']}>
        <ReferralsScreen />
      </MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('referrals screen', () => {
  it('shows a creator the code, the link, both commissions and each referral with what it earned', () => {
    const store = createStore();
    store.dispatch(userUpdated(me('featured')));
    store.dispatch(
      loadProviderConfig.fulfilled(
        testProviderConfig({ credit_package_sales_commissions: true }),
        'c',
        undefined,
      ),
    );
    store.dispatch(
      loadReferrals.fulfilled(
        {
          data: [
            { _id: 'r1', username: 'mila', type: 'featured', created_at: '2026-11-01T10:00:00Z', earned: 25 },
            { _id: 'r2', username: 'tom', type: 'user', created_at: '2026-11-02T10:00:00Z', earned: 0 },
          ],
          next: '/v1/users/referrals?limit=20&offset=20',
        },
        'r',
      ),
    );
    const { html, text } = render(store);
    expect(text).toContain('Your referral code: anna');
    expect(html).toContain('value="/login/signup?code=anna"');
    expect(text).toContain('5 % of what they earn for their first 12 months');
    expect(text).toContain('10 % of the credits they buy');
    expect(html.match(/data-testid="referral"/g)).toHaveLength(2);
    expect(text).toContain('mila Creator · joined');
    expect(text).toContain('25 credits ($2.50)');
    expect(text).toContain('tom Fan · joined');
    expect(text).toContain('Load more');
    expect(text).toContain('How it works');
  });

  it('tells a fan about inviting creators, and says when there are no referrals yet', () => {
    const store = createStore();
    store.dispatch(userUpdated(me('user')));
    store.dispatch(loadReferrals.fulfilled({ data: [], next: null }, 'r'));
    const { text } = render(store);
    expect(text).toContain('Invite creators');
    expect(text).not.toContain('10 %');
    expect(text).toContain('No referrals yet');
    expect(text).not.toContain('Load more');
  });

  it('promises the fans’ package commission only while the account’s flag is on, and follows it live', () => {
    const store = createStore();
    store.dispatch(userUpdated(me('user')));
    store.dispatch(loadProviderConfig.fulfilled(testProviderConfig(), 'c', undefined));
    store.dispatch(loadReferrals.fulfilled({ data: [], next: null }, 'r'));
    expect(render(store).text).not.toContain('10 % of the credits they buy');
    store.dispatch(
      realtimeEvent({
        event: 'provider_features_update',
        data: { features: testProviderConfig({ credit_package_sales_commissions: true }).features },
        me: 'me',
        receivedAt: 1,
      }),
    );
    expect(render(store).text).toContain('Fans you refer: you earn 10 % of the credits they buy.');
  });

  it('says what a paid commission earned', () => {
    const store = createStore();
    store.dispatch(userUpdated(me('featured')));
    store.dispatch(
      realtimeEvent({
        event: 'sale_commissions',
        data: { amount: 30, from_user_id: 'r1', kind: 'creator' },
        me: 'me',
        receivedAt: 1,
      }),
    );
    expect(render(store).text).toContain('You earned 30 credits ($3.00) from a referred creator.');
  });
});
