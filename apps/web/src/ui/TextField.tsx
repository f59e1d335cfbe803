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

/** The label above a control and its messages below, tied together by ids. */
function Field({
  label,
  error,
  hint,
  hintTone,
  className,
  control,
}: FieldFrame & {
  className?: string | undefined;
  control: (ids: ReturnType<typeof useFieldIds>) => ReactNode;
}) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
      </label>
      {control(ids)}
      <Messages error={error} hint={hint} hintTone={hintTone} label={label} {...ids} />
    </div>
  );
}

/** The control's own attributes: its id, the shared look and what describes it. */
const controlProps = (ids: ReturnType<typeof useFieldIds>, error: string | undefined) => ({
  id: ids.id,
  className: styles.control,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': ids.describedBy,
});

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, hint, hintTone, className, ...input }: InputProps) {
  return (
    <Field
      {...{ label, error, hint, hintTone, className }}
      control={(ids) => <input {...input} {...controlProps(ids, error)} />}
    />
  );
}

type SelectProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

export function SelectField({ label, error, hint, hintTone, className, children, ...select }: SelectProps) {
  return (
    <Field
      {...{ label, error, hint, hintTone, className }}
      control={(ids) => (
        <select {...select} {...controlProps(ids, error)}>
          {children}
        </select>
      )}
    />
  );
}
