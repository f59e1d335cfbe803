import {
  creditsToDollars,
  SUBSCRIPTION_PRICE_MAX,
  SUBSCRIPTION_PRICE_MIN,
  subscriptionPriceError,
} from '@parlor/contract';
import { TextField } from '../../ui/TextField';

/** The typed price: a whole number of credits, or the message to show under the field. */
export function parseSubscriptionPrice(text: string): { price: number } | { error: string } {
  const trimmed = text.trim();
  const price = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const error = subscriptionPriceError(price);
  return error ? { error } : { price };
}

/** What the typed price is in dollars a month, or nothing while it is not a valid price. */
export function subscriptionPriceHint(text: string): string | undefined {
  const parsed = parseSubscriptionPrice(text);
  return 'price' in parsed
    ? `$${creditsToDollars(parsed.price)} a month. A change applies to new subscribers; current subscribers keep the price they subscribed at.`
    : undefined;
}

/** A creator's monthly subscription price in credits, with its dollar value (1 credit = $0.10). */
export function SubscriptionPriceField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Subscription price (credits a month)"
      name="subscription_price"
      type="number"
      inputMode="numeric"
      min={SUBSCRIPTION_PRICE_MIN}
      max={SUBSCRIPTION_PRICE_MAX}
      step={1}
      value={value}
      error={error}
      hint={error ? undefined : subscriptionPriceHint(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
