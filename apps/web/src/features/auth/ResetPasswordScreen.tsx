import { rules } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../platform/api';
import { clearStoredSession, redirectTo } from '../../platform/browser';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import styles from './PasswordScreens.module.css';
import { checkPasswordReset, confirmPasswordReset, RESET_DONE_QUERY } from './passwordApi';

type Field = 'password' | 'confirmPassword';
const LINK_CODES = new Set(['reset_link_invalid', 'reset_link_used', 'reset_link_expired']);

/**
 * /reset-password?token=: the emailed link. The link is checked as the page opens, so a dead one
 * (expired, used, wrong) is said at once with a way to ask for a new one. Then a new password
 * (sign-up's rules), every session of the account ends, this browser's too, and sign-in says the
 * password was changed.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [linkBroken, setLinkBroken] = useState(token === '');
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(token !== '');

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkPasswordReset(token).then(
      () => live && setChecking(false),
      (e: unknown) => {
        if (!live) return;
        setChecking(false);
        // Only the link's own refusals close the form; a network failure leaves it to the confirmation.
        if (e instanceof ApiError && LINK_CODES.has(e.code)) {
          setLinkBroken(true);
          setAlert(e.message);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  const check = (field: Field, v = values) =>
    field === 'password'
      ? rules.firstError(v.password, [rules.required, rules.password])
      : (rules.required(v.confirmPassword) ?? rules.passwordsMatch(v.password, v.confirmPassword));

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, next) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { password: check('password'), confirmPassword: check('confirmPassword') };
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    setAlert(null);
    setSaving(true);
    try {
      await confirmPasswordReset(token, values.password);
      // Every session ended with the reset, this browser's too: sign-in starts from a clean page.
      clearStoredSession();
      redirectTo(`/login?${RESET_DONE_QUERY}`);
    } catch (e) {
      setSaving(false);
      if (e instanceof ApiError && LINK_CODES.has(e.code)) setLinkBroken(true);
      setAlert(e instanceof Error ? e.message : null);
    }
  };

  const footer = (
    <>
      <Link to="/login/forgot">Ask for a new link</Link> · <Link to="/login">Sign in</Link>
    </>
  );

  if (checking) {
    return (
      <AuthLayout title="Reset your password" subtitle="Checking your link…" footer={footer}>
        <div className={styles.checking}>
          <Spinner size={25} label="Checking your link" />
        </div>
      </AuthLayout>
    );
  }

  if (linkBroken) {
    return (
      <AuthLayout
        title="Reset your password"
        subtitle="This link cannot be used."
        footer={
          <>
            Remembered it? <Link to="/login">Sign in</Link>
          </>
        }
      >
        <div className={styles.broken} role="alert">
          <p>{alert ?? 'This reset link is not valid. Please ask for a new one.'}</p>
          <Link to="/login/forgot" className={styles.primaryLink}>
            Ask for a new link
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="After this, every device signed in to your account is signed out."
      footer={footer}
    >
      <AuthForm alert={alert} submitLabel="Set new password" submitting={saving} onSubmit={onSubmit}>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => update('confirmPassword', e.target.value)}
        />
      </AuthForm>
    </AuthLayout>
  );
}
