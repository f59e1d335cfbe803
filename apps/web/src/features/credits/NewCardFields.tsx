import { formatCardNumber } from '@parlor/contract';
import { TextField } from '../../ui/TextField';
import { type CardFormErrors, type CardFormValues, formatExpiry } from './cardForm';
import styles from './GetCreditsScreen.module.css';

interface Props {
  values: CardFormValues;
  errors: CardFormErrors;
  onChange: (values: CardFormValues) => void;
}

/** Number, expiry, security code and name of a new card; errors show after the first submit. */
export function NewCardFields({ values, errors, onChange }: Props) {
  const set = (field: keyof CardFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const value = field === 'number' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw) : raw;
    onChange({ ...values, [field]: field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : value });
  };
  return (
    <div className={styles.cardFields}>
      <TextField
        className={styles.wide}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.number}
        onChange={set('number')}
        error={errors.number}
      />
      <TextField
        label="Expiry (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        value={values.expiry}
        onChange={set('expiry')}
        error={errors.expiry}
      />
      <TextField
        label="Security code"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="CVC"
        value={values.cvc}
        onChange={set('cvc')}
        error={errors.cvc}
      />
      <TextField
        className={styles.wide}
        label="Name on card"
        autoComplete="cc-name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
    </div>
  );
}
