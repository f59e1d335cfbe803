import { MINIMUM_PAYOUT_USD } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { LinkButton } from '../../ui/LinkButton';
import { TextField } from '../../ui/TextField';
import styles from './EarningsScreen.module.css';
import { defaultPayoutAmount, METHOD_LABELS } from './earningsModel';
import { amlFormOpened, payoutFeedbackCleared, requestPayout, selectEarnings } from './earningsSlice';
import { usd } from './usd';

const SETTINGS = '/account/settings/payouts';

/** The balances (all time: available, pending, paid out) and the payout request form. */
export function PayoutPanel() {
  const dispatch = useAppDispatch();
  const { totals, period, info, infoError, payout } = useAppSelector(selectEarnings);
  // Balances do not depend on the period: whichever answer is here has them.
  const balances = totals[period] ?? totals.month ?? totals.all;
  const available = balances?.available_usd ?? null;
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  // The amount starts at everything available, and follows it until the creator types.
  useEffect(() => {
    if (available !== null && !touched) setAmount(defaultPayoutAmount(available));
  }, [available, touched]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(requestPayout(amount.trim()));
    setTouched(false);
  };

  const error = payout.error;
  const noMethod = info !== null && info.payout_method === null;

  return (
    <Card roomy aria-labelledby="balance-title">
      <CardTitle id="balance-title">Balance</CardTitle>
      <dl className={styles.balances}>
        <div>
          <dt>Available</dt>
          <dd data-testid="balance-available">{balances ? usd(balances.available_usd) : '—'}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd data-testid="balance-pending">{balances ? usd(balances.pending_usd) : '—'}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd data-testid="balance-paid">{balances ? usd(balances.paid_out_usd) : '—'}</dd>
        </div>
      </dl>

      <div className={styles.method}>
        <span className={styles.methodLabel}>Payout method</span>
        {info?.payout_method ? (
          <span>
            <strong>{METHOD_LABELS[info.payout_method]}</strong>
            {info.payout_details && <span className={styles.masked}> · {info.payout_details}</span>}
            <Link to={SETTINGS} className={styles.inlineLink}>
              Change
            </Link>
          </span>
        ) : noMethod ? (
          <span>
            None yet.{' '}
            <Link to={SETTINGS} className={styles.inlineLink}>
              Set your payout method
            </Link>
          </span>
        ) : (
          <span className={styles.muted}>{infoError ?? '…'}</span>
        )}
      </div>

      <form className={styles.payoutForm} onSubmit={submit} noValidate>
        <TextField
          label="Amount to withdraw (USD)"
          name="amount_usd"
          inputMode="decimal"
          value={amount}
          hint={`At least $${MINIMUM_PAYOUT_USD.toFixed(2)}, in steps of $0.10.`}
          error={error?.kind === 'amount' ? error.message : undefined}
          onChange={(e) => {
            setAmount(e.target.value);
            setTouched(true);
            if (error || payout.success) dispatch(payoutFeedbackCleared());
          }}
        />
        <Button type="submit" loading={payout.sending} disabled={!amount.trim()}>
          Request payout
        </Button>
      </form>
      {error && error.kind !== 'amount' && (
        <div role="alert" className={styles.errorBox}>
          <p>{error.message}</p>
          {error.kind === 'method' && <Link to={SETTINGS}>Set your payout method</Link>}
          {error.kind === 'aml' && (
            <LinkButton onClick={() => dispatch(amlFormOpened(true))}>Fill in the form below</LinkButton>
          )}
        </div>
      )}
      {payout.success && (
        <p role="status" className={styles.success}>
          {payout.success}
        </p>
      )}
    </Card>
  );
}
