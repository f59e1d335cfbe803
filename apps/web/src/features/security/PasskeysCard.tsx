import { PASSKEY_NAME_MAX, PASSKEYS_MAX, type Passkey, SECURITY_MESSAGES } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { CurrentPasswordField } from '../settings/CurrentPasswordField';
import list from '../settings/ItemList.module.css';
import { Note } from '../settings/Note';
import styles from './PasskeysCard.module.css';
import { passkeysSupported } from './passkeys';
import { passkeyDetails } from './passkeyView';
import { addPasskey, listPasskeys, removePasskey } from './securityApi';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

/**
 * The account's passkeys: each signs in without a password (the device checks a fingerprint, face
 * or PIN) and serves as the second factor after one. Adding one asks for the password, or with
 * two-factor sign-in on for a code; so does removing one then.
 */
export function PasskeysCard() {
  const dispatch = useAppDispatch();
  const totp = useAppSelector(selectUser)?.two_factor?.totp ?? false;
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  useEffect(() => {
    listPasskeys().then(setPasskeys, (e: unknown) => setError(messageOf(e)));
  }, []);

  const remove = async (passkey: Passkey) => {
    setError(null);
    const result = await dispatch(removePasskey(passkey._id));
    setRemoving(null);
    if (removePasskey.fulfilled.match(result)) {
      setPasskeys((list) => list?.filter((p) => p._id !== passkey._id) ?? null);
    } else if (result.payload?.code !== 'two_factor_required') {
      setError(result.payload?.message ?? null);
    }
  };

  const full = (passkeys?.length ?? 0) >= PASSKEYS_MAX;
  const now = new Date();
  return (
    <Card roomy aria-labelledby="passkeys-title">
      <CardTitle id="passkeys-title">Passkeys</CardTitle>
      <Note>Sign in with your fingerprint, face or screen lock instead of your password.</Note>
      {passkeys === null && !error && <Spinner />}
      {passkeys && passkeys.length > 0 && (
        <ul className={list.list} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey._id} className={list.item} data-testid="passkey">
              <div className={list.text}>
                <span className={list.name}>
                  {passkey.name}
                  {passkey.backed_up && <span className={list.badge}>Synced</span>}
                </span>
                <span className={list.details}>{passkeyDetails(passkey, now)}</span>
              </div>
              <Button
                variant="secondary"
                size="small"
                onClick={() => setRemoving(passkey)}
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {passkeys?.length === 0 && <p className={styles.none}>No passkeys yet.</p>}
      {error && <Note tone="error">{error}</Note>}
      {!supported ? (
        <Note>This browser cannot use passkeys.</Note>
      ) : adding ? (
        <AddPasskeyForm
          askPassword={!totp}
          onCancel={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            setPasskeys((list) => [...(list ?? []), passkey]);
          }}
        />
      ) : full ? (
        <Note>{SECURITY_MESSAGES.passkeysMax}</Note>
      ) : (
        <CardActions>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </CardActions>
      )}
      {removing && (
        <Dialog
          title={`Remove ${removing.name}?`}
          onClose={() => setRemoving(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => remove(removing)}>
                Remove
              </Button>
            </>
          }
        >
          <p>It will no longer sign you in. Remove it from the device too, in its passkey settings.</p>
        </Dialog>
      )}
    </Card>
  );
}

function AddPasskeyForm({
  askPassword,
  onCancel,
  onAdded,
}: {
  askPassword: boolean;
  onCancel: () => void;
  onAdded: (passkey: Passkey) => void;
}) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: SECURITY_MESSAGES.passkeyName }),
      ...(askPassword && !password ? { password: SECURITY_MESSAGES.passwordRequired } : {}),
    };
    setErrors(found);
    if (found.name || found.password) return;
    setSending(true);
    const result = await dispatch(addPasskey({ name: name.trim(), ...(askPassword ? { password } : {}) }));
    setSending(false);
    if (addPasskey.fulfilled.match(result)) return onAdded(result.payload);
    const refusal = result.payload;
    // Closing the code prompt is the person's own choice: nothing to say.
    if (!refusal || refusal.code === 'two_factor_required') return;
    if (refusal.field === 'password') setErrors({ password: refusal.message });
    else if (refusal.field === 'name') setErrors({ name: refusal.message });
    else setErrors({ form: refusal.message });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a passkey">
      <TextField
        label="Passkey name"
        name="passkey_name"
        hint="So you can tell it apart, such as “My phone”."
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors((old) => ({ ...old, name: undefined }));
        }}
      />
      {askPassword && (
        <CurrentPasswordField
          value={password}
          error={errors.password}
          onChange={(value) => {
            setPassword(value);
            setErrors((old) => ({ ...old, password: undefined }));
          }}
        />
      )}
      {errors.form && <Note tone="error">{errors.form}</Note>}
      <CardActions>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" loading={sending}>
          Add passkey
        </Button>
      </CardActions>
    </form>
  );
}
