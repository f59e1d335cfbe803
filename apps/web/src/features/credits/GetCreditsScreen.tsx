import {
  CRYPTO_CURRENCIES,
  creditsToDollars,
  groupDigits,
  type PaymentRequest,
  plural,
} from '@parlor/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { CheckIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { SelectField } from '../../ui/TextField';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectUser } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { loadCards, selectCards, selectCardsLoaded } from '../cards/cardsSlice';
import { NEW_CARD, SavedCardOptions } from '../cards/SavedCardOptions';
import { newIdempotencyKey } from '../payments/paymentsApi';
import { type CryptoCurrency, cryptoTopUp, submitPayment } from '../payments/paymentsThunks';
import { type GetCreditsState, purchaseFields, THREE_DS_FAILED_MESSAGE } from '../payments/purchase';
import { selectFeature, selectPaymentProvider } from '../provider/providerConfigSlice';
import {
  type CardFormErrors,
  defaultPaymentMethod,
  emptyCardForm,
  toCardInput,
  validateCardForm,
} from './cardForm';
import { cryptoTopUpPopup } from './creditEvents';
import { loadPackages, selectPackages } from './creditsSlice';
import styles from './GetCreditsScreen.module.css';
import { NewCardFields } from './NewCardFields';

function describeResume(state: GetCreditsState): string | null {
  const r = state.resume;
  if (!r) return null;
  if (r.type === 'tip')
    return `Your tip of ${plural(r.amount, 'credit')} is sent as soon as the credits land.`;
  if (r.type === 'subscription') return 'Your subscription starts as soon as the credits land.';
  return 'The message unlocks as soon as the credits land.';
}

/** /account/get-credits: packages with their dollar price, a saved or new card, then pay. */
export function GetCreditsScreen() {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const state = (useLocation().state ?? {}) as GetCreditsState;
  const user = useAppSelector(selectUser);
  const packages = useAppSelector(selectPackages);
  const cards = useAppSelector(selectCards);
  const cardsLoaded = useAppSelector(selectCardsLoaded);
  const cryptoEnabled = useAppSelector(selectFeature('crypto_payment'));
  // A hosted checkout (any provider but the sandbox) takes the card on its own page.
  const hosted = useAppSelector(selectPaymentProvider) !== 'sandbox';
  const paying = useAppSelector((s) => selectRequest(s, submitPayment)).status === 'Fetching';
  const crypto = useAppSelector((s) => selectRequest(s, cryptoTopUp));

  // Back from a failed 3-D Secure challenge: the same package and card as before.
  const retry = state.retry;
  const [packageId, setPackageId] = useState<string | null>(retry?.packageId ?? null);
  const [method, setMethod] = useState<string>(retry?.cardId ?? NEW_CARD);
  const [card, setCard] = useState(() => ({
    ...emptyCardForm,
    name: retry?.cardName ?? '',
    expiry: retry?.cardExpiry ?? '',
  }));
  const [saveCard, setSaveCard] = useState(true);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ credits: number; note?: string } | null>(null);
  const [currency, setCurrency] = useState<CryptoCurrency>('USDT');
  // One key per attempt: a double click or a retried request charges once.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);

  useEffect(() => {
    void dispatch(loadPackages());
    void dispatch(loadCards());
  }, [dispatch]);
  useEffect(() => {
    if (packageId && packages.length > 0 && !packages.some((p) => p._id === packageId)) setPackageId(null);
    else if (!packageId && packages.length > 0)
      setPackageId((packages.find((p) => p.popular) ?? packages[0])!._id);
  }, [packages, packageId]);
  // Whether the fan picked a method themselves: the saved-card default applies only until they do,
  // so choosing "New credit / debit card" sticks.
  const [methodTouched, setMethodTouched] = useState(retry !== undefined);
  useEffect(() => {
    const next = defaultPaymentMethod(method, cards, cardsLoaded, methodTouched);
    if (next !== method) setMethod(next);
  }, [cardsLoaded, cards, method, methodTouched]);
  const chooseMethod = (value: string) => {
    setMethodTouched(true);
    setMethod(value);
  };

  const chosen = useMemo(() => packages.find((p) => p._id === packageId), [packages, packageId]);
  const backTo = state.backTo;
  const resumeNote = describeResume(state);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setSubmitted(true);
    setFailure(null);
    let body: PaymentRequest;
    const common = { package_id: chosen._id, idempotency_key: attemptKey, ...purchaseFields(state.resume) };
    if (method === NEW_CARD && hosted) {
      body = { ...common, save_card: saveCard };
    } else if (method === NEW_CARD) {
      const found = validateCardForm(card);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      body = { ...common, card: toCardInput(card), save_card: saveCard };
    } else {
      body = { ...common, card_id: method };
    }
    const result = await dispatch(
      submitPayment({
        body,
        backTo: backTo ?? '/account/get-credits',
        resume: state.resume,
        choice:
          method === NEW_CARD
            ? { packageId: chosen._id, cardName: card.name, cardExpiry: card.expiry }
            : { packageId: chosen._id, cardId: method },
      }),
    );
    if (submitPayment.rejected.match(result)) {
      setFailure(result.payload?.message ?? null);
      if (result.payload && result.payload.status >= 400 && result.payload.status < 500)
        setAttemptKey(newIdempotencyKey());
      return;
    }
    if (!submitPayment.fulfilled.match(result)) return;
    const outcome = result.payload;
    if (outcome.status === 'failed') {
      setFailure(outcome.message);
      setAttemptKey(newIdempotencyKey());
    } else if (outcome.status === 'paid') {
      setAttemptKey(newIdempotencyKey());
      setCard(emptyCardForm);
      setSubmitted(false);
      void dispatch(loadCards());
      if (backTo && !outcome.finishError) navigate(backTo, { replace: true, state: { purchased: true } });
      else
        setDone({ credits: chosen.credits, ...(outcome.finishError ? { note: outcome.finishError } : {}) });
    }
  }

  async function payWithCrypto() {
    if (!chosen) return;
    const result = await dispatch(cryptoTopUp({ packageId: chosen._id, currency, key: newIdempotencyKey() }));
    if (!cryptoTopUp.fulfilled.match(result)) return;
    // The answer carries the credits_top_up data: apply it as the event would (same popup id, no duplicate).
    dispatch(cryptoTopUpPopup(result.payload));
    void dispatch(loadSession());
  }

  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Get credits"
        subtitle={`Balance: ${plural(user.credits, 'credit')} ($${creditsToDollars(user.credits)})`}
        actions={
          backTo ? (
            <Link to={backTo} className={styles.back}>
              Back
            </Link>
          ) : undefined
        }
      />
      {done && (
        <div className={styles.success} role="status">
          <CheckIcon size={22} />
          <div>
            <p className={styles.successTitle}>Payment successful</p>
            <p>
              {plural(done.credits, 'credit')} were added. Your balance is {plural(user.credits, 'credit')} ($
              {creditsToDollars(user.credits)}).
            </p>
            {done.note && <p>{done.note}</p>}
          </div>
        </div>
      )}
      {retry && !done && (
        <p className={styles.note} role="status">
          {THREE_DS_FAILED_MESSAGE}{' '}
          {retry.cardId
            ? 'Your package and card are chosen as before.'
            : 'Your package is chosen as before; enter the card number and security code again (they are never kept).'}
        </p>
      )}
      {resumeNote && <p className={styles.note}>{resumeNote}</p>}
      <form className={styles.layout} onSubmit={pay} noValidate>
        <Card aria-labelledby="packages-title">
          <CardTitle id="packages-title">Choose a package</CardTitle>
          {packages.length === 0 ? (
            <Spinner size={50} />
          ) : (
            <div className={styles.packages} role="radiogroup" aria-label="Credit packages">
              {packages.map((p) => (
                <label key={p._id} className={styles.package} data-checked={p._id === packageId || undefined}>
                  <input
                    type="radio"
                    name="package"
                    value={p._id}
                    checked={p._id === packageId}
                    onChange={() => setPackageId(p._id)}
                    aria-label={`${p.credits} credits for $${p.price}`}
                  />
                  {p.popular && <span className={styles.popular}>Most popular</span>}
                  <span className={styles.packageName}>{p.name}</span>
                  <span className={styles.packageCredits}>{plural(p.credits, 'credit')}</span>
                  <span className={styles.packagePrice}>${p.price}</span>
                  {/* What the fan gets, in all: the credits shown already count the bonus. */}
                  {p.bonus > 0 && (
                    <span className={styles.bonus}>
                      {groupDigits(p.credits - p.bonus)} + {groupDigits(p.bonus)} bonus
                    </span>
                  )}
                </label>
              ))}
            </div>
          )}
        </Card>

        <Card aria-labelledby="method-title">
          <CardTitle id="method-title">Payment method</CardTitle>
          {cards.length > 0 && <SavedCardOptions value={method} onChange={chooseMethod} hosted={hosted} />}
          {method === NEW_CARD && hosted && (
            <>
              <p className={styles.hosted}>
                You enter your card on the payment provider's secure page, then come back here. Parlor never
                sees your card number.
              </p>
              <label className={styles.checkbox}>
                <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
                Save this card for next time
              </label>
            </>
          )}
          {method === NEW_CARD && !hosted && (
            <>
              <NewCardFields
                values={card}
                errors={submitted ? errors : {}}
                onChange={(values) => {
                  setCard(values);
                  if (submitted) setErrors(validateCardForm(values));
                }}
              />
              <label className={styles.checkbox}>
                <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
                Save this card for next time
              </label>
            </>
          )}
          <FormAlert message={failure} />
          <Button type="submit" size="large" fullWidth loading={paying} disabled={!chosen}>
            {chosen
              ? hosted && method === NEW_CARD
                ? `Continue to payment ($${chosen.price})`
                : `Pay $${chosen.price}`
              : 'Pay'}
          </Button>
          {!hosted && (
            <p className={styles.sandbox}>
              Sandbox payments: 4242 4242 4242 4242 pays at once, 4000 0000 0000 3220 asks for 3-D Secure,
              4000 0000 0000 0002 is declined.
            </p>
          )}
        </Card>

        {cryptoEnabled && (
          <Card aria-labelledby="crypto-title">
            <CardTitle id="crypto-title">Or pay with crypto</CardTitle>
            <div className={styles.crypto}>
              <SelectField
                label="Currency"
                value={currency}
                onChange={(e) => setCurrency(CRYPTO_CURRENCIES.find((c) => c === e.target.value) ?? 'USDT')}
              >
                {CRYPTO_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <Button
                variant="secondary"
                onClick={payWithCrypto}
                loading={crypto.status === 'Fetching'}
                disabled={!chosen}
              >
                Top up with crypto
              </Button>
            </div>
            <FormAlert message={crypto.status === 'Error' ? crypto.error?.message : null} />
          </Card>
        )}
      </form>
    </>
  );
}
