import {
  countryOptions,
  FEATURE_OFF_MESSAGES,
  type PayoutDefaults as Payout,
  PayoutDefaultsRequest,
  PayoutMethod,
} from '@parlor/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardActions } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { selectProviderConfig } from '../provider/providerConfigSlice';
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
const ACCOUNT_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'IBAN',
  paypal_transfer: 'PayPal email',
  paxum_transfer: 'Paxum email',
  crypto_transfer: 'Wallet address',
};
type PayoutDetails = Parameters<typeof savePayoutDefaults>[1];
const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

/** The confirm before a payout country is saved: it can be set only once, so it is named first. */
export function payoutCountryQuestion(countryName: string) {
  return {
    title: `Set your payout country to ${countryName}?`,
    text: `The payout country can be set only once. Once saved, ${countryName} cannot be changed, not even by you.`,
    confirm: `Set ${countryName} and save`,
  };
}

/**
 * /account/settings/payouts (creators): changing payout information needs a code mailed to the
 * account's address, entered in the verification popup's action mode.
 */
export function PayoutSettingsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  // Each payout method is a feature flag of the account: only the ones on are offered.
  const features = useAppSelector(selectProviderConfig)?.features;
  const offered = PayoutMethod.options.filter((m) => features?.[m] !== false);
  const [current, setCurrent] = useState<Payout | null>(null);
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [country, setCountry] = useState('');
  const countries = useMemo(() => countryOptions(), []);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** The checked details, held while the confirm names the country about to be set for good. */
  const [confirming, setConfirming] = useState<PayoutDetails | null>(null);

  // What the person has typed or chosen wins over saved details that arrive after it.
  const edited = useRef(false);

  useEffect(() => {
    getPayoutDefaults().then(
      (answer) => {
        setCurrent(answer);
        if (edited.current) return;
        if (answer.payout_method) setMethod(answer.payout_method);
        setAccount(answer.payout_account ?? '');
        setHolder(answer.account_holder ?? '');
        setCountry(answer.payout_country ?? '');
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);
  if (!user) return null;
  const chosen = offered.includes(method) ? method : (offered[0] ?? method);
  const currentOff = current?.payout_method ? !offered.includes(current.payout_method) : false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setError(null);
    const body = PayoutDefaultsRequest.safeParse({
      payout_method: chosen,
      payout_account: account,
      ...(chosen === 'bank_transfer' ? { account_holder: holder } : {}),
      ...(country ? { payout_country: country } : {}),
    });
    if (!body.success) {
      const errors: Record<string, string> = {};
      for (const issue of body.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    if (body.data.payout_country && !current?.payout_country) {
      setConfirming(body.data);
      return;
    }
    await save(body.data);
  };

  const save = async (details: PayoutDetails) => {
    setSending(true);
    try {
      await startActionVerify(dispatch, {
        verify: async (code) => setCurrent(await savePayoutDefaults(code, details)),
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
        {currentOff && (
          <Note tone="error">{FEATURE_OFF_MESSAGES.payoutMethod} Choose another method to be paid.</Note>
        )}
        <SelectField
          label="Payout method"
          name="payout_method"
          value={chosen}
          onChange={(e) => {
            edited.current = true;
            setMethod(e.target.value as PayoutMethod);
          }}
        >
          {offered.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={ACCOUNT_LABELS[chosen]}
          name="payout_account"
          value={account}
          error={fieldErrors.payout_account}
          onChange={(e) => {
            edited.current = true;
            setAccount(e.target.value);
            setFieldErrors({});
          }}
        />
        {chosen === 'bank_transfer' && (
          <TextField
            label="Account holder"
            name="account_holder"
            autoComplete="name"
            value={holder}
            error={fieldErrors.account_holder}
            onChange={(e) => {
              edited.current = true;
              setHolder(e.target.value);
              setFieldErrors({});
            }}
          />
        )}
        <SelectField
          label="Payout country"
          name="payout_country"
          value={country}
          disabled={Boolean(current?.payout_country)}
          onChange={(e) => {
            edited.current = true;
            setCountry(e.target.value);
          }}
        >
          <option value="">Choose a country</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {current?.payout_country ? (
          <Note>The payout country is set once and cannot be changed.</Note>
        ) : (
          <Note>The payout country can be set only once: choose it with care.</Note>
        )}
        {saved && <Note tone="success">{saved}</Note>}
        {error && <Note tone="error">{error}</Note>}
        <Note>We will email you a code to confirm the change.</Note>
        <CardActions>
          <Button type="submit" loading={sending}>
            Save payout details
          </Button>
        </CardActions>
      </Card>
      {confirming?.payout_country && (
        <PayoutCountryConfirm
          name={
            countries.find((c) => c.code === confirming.payout_country)?.name ?? confirming.payout_country
          }
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            void save(confirming);
          }}
        />
      )}
    </SettingsPage>
  );
}

function PayoutCountryConfirm({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const question = payoutCountryQuestion(name);
  return (
    <Dialog
      title={question.title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Go back
          </Button>
          <Button onClick={onConfirm}>{question.confirm}</Button>
        </>
      }
    >
      <p>{question.text}</p>
    </Dialog>
  );
}
