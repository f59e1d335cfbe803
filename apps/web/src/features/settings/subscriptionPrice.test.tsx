import { SUBSCRIPTION_PRICE_RANGE_MESSAGE } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { subscribeSummary } from '../subscriptions/SubscribeButton';
import {
  parseSubscriptionPrice,
  SubscriptionPriceField,
  subscriptionPriceHint,
} from './SubscriptionPriceField';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('subscription price field', () => {
  it('takes whole credits within the bounds and refuses anything else with the server message', () => {
    expect(parseSubscriptionPrice(' 120 ')).toEqual({ price: 120 });
    expect(parseSubscriptionPrice('10')).toEqual({ price: 10 });
    expect(parseSubscriptionPrice('5000')).toEqual({ price: 5_000 });
    for (const bad of ['', '9', '5001', '12.5', '-50', 'abc', '1e3']) {
      expect(parseSubscriptionPrice(bad), bad).toEqual({ error: SUBSCRIPTION_PRICE_RANGE_MESSAGE });
    }
  });

  it('shows the dollar value of the typed price (1 credit = $0.10)', () => {
    expect(subscriptionPriceHint('120')).toMatch(/^\$12\.00 a month\./);
    expect(subscriptionPriceHint('abc')).toBeUndefined();
    const html = renderToStaticMarkup(<SubscriptionPriceField value="75" onChange={() => {}} />);
    expect(text(html)).toContain('Subscription price (credits a month)');
    expect(text(html)).toContain('$7.50 a month');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Subscription price/);
    const id = html.match(/<label for="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${id}"`);
    expect(html).toContain('value="75"');
  });

  it('shows an error inline, tied to the input', () => {
    const html = renderToStaticMarkup(
      <SubscriptionPriceField value="3" error={SUBSCRIPTION_PRICE_RANGE_MESSAGE} onChange={() => {}} />,
    );
    const input = html.match(/<input[^>]*>/)?.[0] ?? '';
    expect(input).toContain('aria-invalid="true"');
    const errorId = input.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`<p id="${errorId}"`);
    expect(text(html)).toContain(SUBSCRIPTION_PRICE_RANGE_MESSAGE);
    expect(text(html)).not.toContain('a month.');
  });
});

describe('subscribe popup', () => {
  it("states the creator's price in credits and dollars, not a fixed one", () => {
    expect(subscribeSummary(120, 500)).toMatch(
      /^120 credits \(\$12\.00\) a month, paid from your balance of 500 credits\./,
    );
    expect(subscribeSummary(35, 40)).toContain('35 credits ($3.50) a month');
  });
});
