import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './TextField.module.css';

interface FieldFrame {
  /** The visible label, which is also the control's accessible name. */
  label: string;
  error?: string | undefined;
  /** A neutral or positive note under the field ("Username is available"). */
  hint?: ReactNode;
  hintTone?: 'neutral' | 'success';
}

/** Ids that tie the control to its messages, so screen readers read the error with the field. */
function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function Messages({
  error,
  errorId,
  hint,
  hintId,
  hintTone,
}: FieldFrame & { errorId: string; hintId: string }) {
  return (
    <>
      {hint && (
        <p
          id={hintId}
          className={[styles.message, hintTone === 'success' && styles.success].filter(Boolean).join(' ')}
          aria-live="polite"
        >
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`${styles.message} ${styles.error}`}>
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, hint, hintTone, className, ...input }: InputProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
      </label>
      <input
        {...input}
        id={ids.id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <Messages error={error} hint={hint} hintTone={hintTone} label={label} {...ids} />
    </div>
  );
}

type SelectProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

export function SelectField({ label, error, hint, hintTone, className, children, ...select }: SelectProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
      </label>
      <select
        {...select}
        id={ids.id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {children}
      </select>
      <Messages error={error} hint={hint} hintTone={hintTone} label={label} {...ids} />
    </div>
  );
}
