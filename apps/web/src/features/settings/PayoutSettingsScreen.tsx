import { type PayoutDefaults as Payout, PayoutDefaultsRequest, PayoutMethod } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { PageHeader } from '../shell/PageHeader';
import { startActionVerify } from '../verification/openers';
import { BackLink } from './BackLink';
import styles from './settings.module.css';
import { getPayoutDefaults, savePayoutDefaults } from './settingsApi';

const METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  paypal_transfer: 'PayPal',
  paxum_transfer: 'Paxum',
  crypto_transfer: 'Crypto',
};
const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

/**
 * /account/settings/payouts (creators): changing payout information needs a code mailed to the
 * account's address, entered in the verification popup's action mode (part 2 §2).
 */
export function PayoutSettingsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [current, setCurrent] = useState<Payout | null>(null);
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    getPayoutDefaults().then(
      (answer) => {
        setCurrent(answer);
        if (answer.payout_method) setMethod(answer.payout_method);
        setAccount(answer.payout_account ?? '');
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);
  if (!user) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setError(null);
    const body = PayoutDefaultsRequest.safeParse({ payout_method: method, payout_account: account });
    if (!body.success) {
      setFieldError(body.error.issues[0]?.message);
      return;
    }
    setSending(true);
    try {
      await startActionVerify(dispatch, {
        verify: async (code) => setCurrent(await savePayoutDefaults(code, body.data)),
        onSuccess: () => setSaved('Your payout information has been updated.'),
      });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <BackLink />
      <PageHeader title="Payout details" subtitle="Where your earnings are sent." />
      <form className={`${styles.card} ${styles.formGrid}`} onSubmit={submit} noValidate>
        {current?.payout_method && (
          <p className={styles.muted}>
            Currently: {METHOD_LABELS[current.payout_method]} · {current.payout_account}
          </p>
        )}
        <SelectField
          label="Payout method"
          name="payout_method"
          value={method}
          onChange={(e) => setMethod(e.target.value as PayoutMethod)}
        >
          {PayoutMethod.options.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Account (IBAN, email or wallet)"
          name="payout_account"
          value={account}
          error={fieldError}
          onChange={(e) => {
            setAccount(e.target.value);
            setFieldError(undefined);
          }}
        />
        {saved && (
          <p className={styles.success} role="status">
            {saved}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <p className={styles.muted}>We will email you a code to confirm the change.</p>
        <div className={styles.actions}>
          <Button type="submit" loading={sending}>
            Save payout details
          </Button>
        </div>
      </form>
    </>
  );
}
