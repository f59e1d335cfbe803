import { CONTENT_PRICE_MAX_CREDITS, creditsToDollars, plural } from '@parlor/contract';
import { useAppSelector } from '../../platform/hooks';
import { selectFeature } from '../provider/providerConfigSlice';

/** What a typed price means: whole credits from 0 to the most a piece of content may cost. */
export function parsePrice(text: string): number {
  return Math.min(CONTENT_PRICE_MAX_CREDITS, Math.max(0, Math.floor(Number(text) || 0)));
}

/** A price input's attributes: whole credits, free when empty. */
export const PRICE_INPUT = {
  type: 'number',
  inputMode: 'numeric',
  min: 0,
  max: CONTENT_PRICE_MAX_CREDITS,
  step: 1,
  placeholder: '0 (free)',
} as const;

/**
 * What fans will pay, in credits (and dollars for an account with `usd_content`,
 * docs/feature-flags.md), or what free means for this audience.
 */
export function priceHint(credits: number, free: string, usdContent: boolean): string {
  if (credits <= 0) return free;
  const dollars = usdContent ? ` ($${creditsToDollars(credits)})` : '';
  return `Fans pay ${plural(credits, 'credit')}${dollars} to unlock it.`;
}

interface PriceFieldProps {
  id: string;
  /** What the creator typed ('' for free). */
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  /** Said to a screen reader after "Price in credits" where several fields share a form. */
  labelSuffix?: string;
  /** One fan gets it (a chat, an automatic message) or many (a broadcast). */
  audience: 'fan' | 'fans';
  /** The composer's own field and hint styles, so each form keeps its layout. */
  classNames: { field?: string | undefined; hint?: string | undefined };
}

/** The price of a paid photo or video, with what fans will pay for it. */
export function PriceField({
  id,
  value,
  onChange,
  disabled,
  labelSuffix,
  audience,
  classNames,
}: PriceFieldProps) {
  const credits = parsePrice(value);
  const usdContent = useAppSelector(selectFeature('usd_content'));
  return (
    <label className={classNames.field} htmlFor={id}>
      <span>
        Price in credits
        {labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}
      </span>
      <input
        id={id}
        {...PRICE_INPUT}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className={classNames.hint}>
        {priceHint(
          credits,
          audience === 'fan' ? 'Free: the fan sees it at once.' : 'Free: fans see it at once.',
          usdContent,
        )}
      </span>
    </label>
  );
}
