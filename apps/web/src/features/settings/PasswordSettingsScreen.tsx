import { rules } from '@parlor/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Card, CardActions } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { Note } from './Note';
import styles from './PasswordSettingsScreen.module.css';
import { SettingsPage } from './SettingsPage';
import { changePassword } from './settingsApi';

type Field = 'current' | 'next' | 'confirm';
type Values = Record<Field, string>;
const EMPTY: Values = { current: '', next: '', confirm: '' };

function check(field: Field, v: Values): string | undefined {
  switch (field) {
    case 'current':
      return rules.required(v.current);
    case 'next':
      return rules.firstError(v.next, [rules.required, rules.password]);
    case 'confirm':
      return rules.required(v.confirm) ?? rules.passwordsMatch(v.next, v.confirm);
  }
}

/**
 * /account/settings/password: the current password, then the new one twice. Every other device is
 * signed out; this one stays signed in, and a toast says how many were.
 */
export function PasswordSettingsScreen() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const bind = (field: Field) => ({
    name: field,
    type: 'password',
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [field]: e.target.value };
      setValues(next);
      if (errors[field]) setErrors((old) => ({ ...old, [field]: check(field, next) }));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      current: check('current', values),
      next: check('next', values),
      confirm: check('confirm', values),
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    setAlert(null);
    setSaving(true);
    try {
      const answer = await changePassword(values.current, values.next);
      setValues(EMPTY);
      showToast(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'current_password') setErrors({ current: e.message });
      else if (e instanceof ApiError && e.field === 'new_password') setErrors({ next: e.message });
      else setAlert(e instanceof Error ? e.message : null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsPage title="Password" subtitle="Change the password you sign in with.">
      <Card as="form" roomy aria-label="Change password" onSubmit={onSubmit} noValidate>
        <div className={styles.form}>
          <TextField label="Current password" autoComplete="current-password" {...bind('current')} />
          <TextField label="New password" autoComplete="new-password" {...bind('next')} />
          <TextField label="Confirm new password" autoComplete="new-password" {...bind('confirm')} />
          {alert && <Note tone="error">{alert}</Note>}
          <Note>
            Changing it signs out every other device signed in to your account. Forgot it?{' '}
            <Link to="/login/forgot">Reset it by email</Link> after signing out.
          </Note>
          <CardActions>
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </CardActions>
        </div>
      </Card>
    </SettingsPage>
  );
}
