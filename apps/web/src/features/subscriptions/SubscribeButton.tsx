import { creditsToDollars, endpoints, plural } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call, toErrorInfo } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { StarIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { SelectField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { selectUser } from '../auth/authSlice';
import { cardLabel, loadCards, selectCards } from '../cards/cardsSlice';
import { notEnoughCreditsPopup } from '../payments/notEnoughCredits';
import { newIdempotencyKey } from '../payments/paymentsApi';
import { subscribe } from './subscriptionsSlice';

/** The popup's sentence: what a month costs in credits and dollars, and where it is paid from. */
export function subscribeSummary(price: number, balance: number): string {
  return `${price} credits ($${creditsToDollars(price)}) a month, paid from your balance of ${plural(balance, 'credit')}. The price stays the same for as long as you stay subscribed. Cancel any time in Subscriptions.`;
}

/**
 * Subscribe to a creator: the creator's own price in credits and dollars (given, or read from
 * their public profile when the popup opens), an optional saved card that tops up
 * at renewal, then POST /v1/subscriptions. Short of credits it opens "Not enough credits", whose
 * purchase then starts the subscription. Where the caller does not say whether the asker subscribes
 * (a chat's header), the creator's profile tells before the button offers anything: a subscriber
 * sees Subscribed, never a second payment.
 */
export function SubscribeButton({
  modelId,
  username,
  price: knownPrice,
  subscribed: alreadySubscribed,
  size = 'small',
}: {
  modelId: string;
  username: string;
  price?: number | undefined;
  /** The asker subscribes already (the creator page knows): the button shows Subscribed. Left out,
   * the button reads it from the creator's profile. */
  subscribed?: boolean | undefined;
  size?: 'small' | 'medium' | 'large';
}) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const user = useAppSelector(selectUser);
  const cards = useAppSelector(selectCards).filter((c) => !c.expired);
  const busy = useAppSelector((s) => selectRequest(s, subscribe)).status === 'Fetching';
  const [open, setOpen] = useState(false);
  const [cardId, setCardId] = useState('');
  const [error, setError] = useState<string | null>(null);
  // undefined until known: the button waits, disabled, rather than offer to pay twice.
  const [subscribed, setSubscribed] = useState<boolean | undefined>(alreadySubscribed);
  const [loadedPrice, setLoadedPrice] = useState<number | undefined>();
  const price = loadedPrice ?? knownPrice;
  const unknown = alreadySubscribed === undefined;
  useEffect(() => {
    if (!unknown) return;
    let live = true;
    call(endpoints.publicProfile, { params: { username } })
      .then((profile) => {
        if (live) setSubscribed(profile.is_subscribed);
      })
      // Unknown stays a plain Subscribe: the server still refuses a second subscription.
      .catch(() => {
        if (live) setSubscribed(false);
      });
    return () => {
      live = false;
    };
  }, [unknown, username]);
  if (!user || user._id === modelId) return null;

  function loadPrice() {
    call(endpoints.publicProfile, { params: { username } })
      .then((profile) => setLoadedPrice(profile.subscription_price))
      .catch((e: unknown) => setError(toErrorInfo(e).message));
  }

  function openPopup() {
    setError(null);
    setOpen(true);
    void dispatch(loadCards());
    setLoadedPrice(undefined);
    // Read fresh each time: the creator may have changed the price since this page loaded.
    if (knownPrice === undefined) loadPrice();
  }

  async function confirm() {
    const result = await dispatch(
      subscribe({
        model_id: modelId,
        idempotency_key: newIdempotencyKey(),
        ...(price !== undefined ? { expected_price: price } : {}),
        ...(cardId ? { card_id: cardId } : {}),
      }),
    );
    if (subscribe.fulfilled.match(result)) {
      setOpen(false);
      setSubscribed(true);
      showToast(
        `You subscribed to ${username}${price !== undefined ? ` for ${plural(price, 'credit')} a month` : ''}.`,
      );
    } else if (subscribe.rejected.match(result)) {
      if (result.payload?.code === 'already_subscribed') {
        setOpen(false);
        setSubscribed(true);
      } else if (result.payload?.status === 402) {
        setOpen(false);
        dispatch(notEnoughCreditsPopup({ backTo: pathname, resume: { type: 'subscription', modelId } }));
      } else {
        setError(result.payload?.message ?? null);
        // The creator changed the price meanwhile: show the new one, to confirm again.
        if (result.payload?.code === 'price_changed') loadPrice();
      }
    }
  }

  return (
    <>
      <Button variant="secondary" size={size} disabled={subscribed !== false} onClick={openPopup}>
        <StarIcon size={18} />
        {subscribed ? 'Subscribed' : 'Subscribe'}
      </Button>
      {open && (
        <Dialog
          title={`Subscribe to ${username}`}
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onClick={confirm} loading={busy} disabled={price === undefined}>
                {price === undefined ? 'Subscribe' : `Subscribe for ${price} credits`}
              </Button>
            </>
          }
        >
          {price === undefined ? (
            !error && <Spinner size={25} label="Loading the subscription price" />
          ) : (
            <p>{subscribeSummary(price, user.credits)}</p>
          )}
          {cards.length > 0 && (
            <SelectField
              label="Top up at renewal from"
              value={cardId}
              onChange={(e) => setCardId(e.target.value)}
            >
              <option value="">Credits only</option>
              {cards.map((c) => (
                <option key={c.id} value={c.id}>
                  {cardLabel(c)}
                </option>
              ))}
            </SelectField>
          )}
          <FormAlert message={error} />
        </Dialog>
      )}
    </>
  );
}
