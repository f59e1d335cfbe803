import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import styles from './AuthForm.module.css';

interface Props {
  /** The server's answer when it refused the form as a whole. */
  alert: string | null | undefined;
  submitLabel: string;
  submitting: boolean;
  /** The form cannot be sent now (a sign-in lockout running down). */
  disabled?: boolean;
  onSubmit: (event: FormEvent) => void;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** The sign-in and sign-up form: the form's error above its fields, the wide submit button below. */
export function AuthForm({ alert, submitLabel, submitting, disabled, onSubmit, ref, children }: Props) {
  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={alert} />
      {children}
      <Button
        type="submit"
        size="large"
        fullWidth
        loading={submitting}
        disabled={disabled}
        className={styles.submit}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
