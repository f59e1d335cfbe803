import { rules } from '@parlor/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../ui/TextField';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import styles from './PasswordScreens.module.css';
import { requestPasswordReset } from './passwordApi';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

/**
 * /login/forgot: asks for the email or username and mails a reset link. The answer is the same
 * whether or not an account matches, so the screen shows the server's neutral sentence.
 */
export function ForgotPasswordScreen() {
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = rules.required(login);
    setError(missing);
    if (missing) return;
    setAlert(null);
    setSending(true);
    try {
      setSent((await requestPasswordReset(login.trim())).message);
    } catch (e) {
      setAlert(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address or username of your account and we will email you a link."
      footer={
        <>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      {sent ? (
        <div className={styles.done} role="status">
          <p className={styles.doneTitle}>Check your email</p>
          <p>{sent}</p>
          <p className={styles.muted}>
            No mail after a few minutes? Look in your spam folder, or send it again.
          </p>
          <button type="button" className={styles.again} onClick={() => setSent(null)}>
            Send it again
          </button>
        </div>
      ) : (
        <AuthForm alert={alert} submitLabel="Send reset link" submitting={sending} onSubmit={onSubmit}>
          <TextField
            label="Email or username"
            name="login"
            value={login}
            error={error}
            onChange={(e) => {
              setLogin(e.target.value);
              if (error) setError(rules.required(e.target.value));
            }}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
