import type { ChangeEvent } from 'react';
import { TextField } from '../../ui/TextField';
import { CODE_FIELD, type CodeKind } from './codeModel';
import styles from './SecondFactorField.module.css';

interface Props {
  kind: CodeKind;
  onKindChange: (kind: CodeKind) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * The code of the second factor: six digits from the authenticator app (the phone's keypad, and
 * the code the system offers from a message), or a saved recovery code, with a switch between them.
 */
export function SecondFactorField({ kind, onKindChange, value, onChange, error, autoFocus }: Props) {
  const field = CODE_FIELD[kind];
  const typing =
    kind === 'app'
      ? ({ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } as const)
      : ({ autoComplete: 'off', autoCapitalize: 'none', maxLength: 40 } as const);
  return (
    <div className={styles.field}>
      <TextField
        // A new field for the other kind: the keyboard and the browser's offer change with it.
        key={kind}
        label={field.label}
        name={kind === 'app' ? 'code' : 'recovery_code'}
        value={value}
        error={error}
        spellCheck={false}
        autoFocus={autoFocus}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        {...typing}
      />
      <button
        type="button"
        className={styles.switch}
        onClick={() => onKindChange(kind === 'app' ? 'recovery' : 'app')}
      >
        {field.switchTo}
      </button>
    </div>
  );
}
