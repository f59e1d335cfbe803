import {
  AML_THRESHOLD_USD,
  type AmlRequest as AmlBody,
  AmlRequest,
  type AmlStatus,
  countryOptions,
  groupDigits,
} from '@parlor/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { LinkButton } from '../../ui/LinkButton';
import { SelectField, TextField } from '../../ui/TextField';
import styles from './EarningsScreen.module.css';
import { amlFormOpened, selectAmlStatus, selectEarnings, submitAml } from './earningsSlice';

const STATUS_TEXT: Record<AmlStatus, string> = {
  none: 'Not sent',
  pending: 'Being checked',
  approved: 'Approved',
  rejected: 'Rejected',
};

type Fields = Required<{ [K in keyof AmlBody]: string }>;
const EMPTY: Fields = {
  full_name: '',
  date_of_birth: '',
  address: '',
  city: '',
  postal_code: '',
  country: '',
};

/** The anti-money-laundering check: its status, and the form when the server asks for it or on demand. */
export function AmlPanel() {
  const dispatch = useAppDispatch();
  const { aml } = useAppSelector(selectEarnings);
  const status = useAppSelector(selectAmlStatus);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const list = useMemo(() => countryOptions(), []);
  const canSend = status === 'none' || status === 'rejected';

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AmlRequest.safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    void dispatch(submitAml(fields));
  };

  const serverField = aml.field as keyof Fields | null;
  const fieldError = (key: keyof Fields) =>
    errors[key] ?? (serverField === key ? (aml.error ?? undefined) : undefined);

  return (
    <Card roomy aria-labelledby="aml-title">
      <div className={styles.cardHead}>
        <CardTitle id="aml-title">Anti-money-laundering check</CardTitle>
        <span className={`${styles.status} ${styles[`aml_${status}`]}`} data-testid="aml-status">
          {STATUS_TEXT[status]}
        </span>
      </div>
      <p className={styles.muted}>Needed before payouts over ${groupDigits(AML_THRESHOLD_USD)} in 30 days.</p>
      {aml.success && (
        <p role="status" className={styles.success}>
          {aml.success}
        </p>
      )}
      {!aml.open && canSend && (
        <p>
          <LinkButton onClick={() => dispatch(amlFormOpened(true))}>Fill in the form</LinkButton>
        </p>
      )}
      {aml.open && canSend && (
        <form className={styles.amlForm} onSubmit={submit} noValidate aria-label="Anti-money-laundering form">
          <TextField
            label="Full name"
            autoComplete="name"
            value={fields.full_name}
            onChange={set('full_name')}
            error={fieldError('full_name')}
          />
          <TextField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            value={fields.date_of_birth}
            onChange={set('date_of_birth')}
            error={fieldError('date_of_birth')}
          />
          <TextField
            label="Address"
            autoComplete="street-address"
            value={fields.address}
            onChange={set('address')}
            error={fieldError('address')}
          />
          <div className={styles.pair}>
            <TextField
              label="City"
              autoComplete="address-level2"
              value={fields.city}
              onChange={set('city')}
              error={fieldError('city')}
            />
            <TextField
              label="Postal code"
              autoComplete="postal-code"
              value={fields.postal_code}
              onChange={set('postal_code')}
              error={fieldError('postal_code')}
            />
          </div>
          <SelectField
            label="Country"
            autoComplete="country"
            value={fields.country}
            onChange={set('country')}
            error={fieldError('country')}
          >
            <option value="">Choose…</option>
            {list.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {aml.error && !serverField && (
            <p role="alert" className={styles.error}>
              {aml.error}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" loading={aml.sending}>
              Send for checking
            </Button>
            <Button variant="ghost" onClick={() => dispatch(amlFormOpened(false))}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
