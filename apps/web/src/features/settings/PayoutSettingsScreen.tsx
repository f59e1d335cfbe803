import { type PayoutDefaults as Payout, PayoutDefaultsRequest, PayoutMethod } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Card, CardActions } from '../../ui/Card';
import { SelectField, TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { startActionVerify } from '../verification/openers';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
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
 * account's address, entered in the verification popup's action mode.
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
    <SettingsPage title="Payout details" subtitle="Where your earnings are sent.">
      <Card as="form" roomy onSubmit={submit} noValidate>
        {current?.payout_method && (
          <Note>
            Currently: {METHOD_LABELS[current.payout_method]} · {current.payout_account}
          </Note>
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
        {saved && <Note tone="success">{saved}</Note>}
        {error && <Note tone="error">{error}</Note>}
        <Note>We will email you a code to confirm the change.</Note>
        <CardActions>
          <Button type="submit" loading={sending}>
            Save payout details
          </Button>
        </CardActions>
      </Card>
    </SettingsPage>
  );
}
