import { formatCardNumber } from '@parlor/contract';
import { TextField } from '../../ui/TextField';
import { type CardFormErrors, type CardFormValues, formatExpiry } from './cardForm';
import styles from './NewCardFields.module.css';

interface Props {
  values: CardFormValues;
  errors: CardFormErrors;
  onChange: (values: CardFormValues) => void;
}

/** The four fields in their order; number and name take the whole row, expiry and code share one. */
const FIELDS: {
  field: keyof CardFormValues;
  label: string;
  wide?: boolean;
  inputMode?: 'numeric';
  autoComplete: string;
  placeholder?: string;
}[] = [
  {
    field: 'number',
    label: 'Card number',
    wide: true,
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  {
    field: 'expiry',
    label: 'Expiry (MM/YY)',
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
  },
  {
    field: 'cvc',
    label: 'Security code',
    wide: false,
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    placeholder: 'CVC',
  },
  { field: 'name', label: 'Name on card', wide: true, autoComplete: 'cc-name' },
];

/** Number, expiry, security code and name of a new card; errors show after the first submit. */
export function NewCardFields({ values, errors, onChange }: Props) {
  const set = (field: keyof CardFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const value = field === 'number' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw) : raw;
    onChange({ ...values, [field]: field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : value });
  };
  return (
    <div className={styles.fields}>
      {FIELDS.map(({ field, wide, ...input }) => (
        <TextField
          key={field}
          {...input}
          className={wide ? styles.wide : undefined}
          value={values[field]}
          onChange={set(field)}
          error={errors[field]}
        />
      ))}
    </div>
  );
}
