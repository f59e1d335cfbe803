import type { TwoFactorStatus } from '@parlor/contract';
import { format } from 'date-fns';
import { type FormEvent, useEffect, useReducer, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { StepUpCancelled, withFreshCode } from '../../platform/stepUp';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { selectUser, userUpdated } from '../auth/authSlice';
import { CurrentPasswordField } from '../settings/CurrentPasswordField';
import { Note } from '../settings/Note';
import { codeError, groupedSecret } from './codeModel';
import { RecoveryCodesView } from './RecoveryCodesView';
import { confirmTotp, disableTwoFactor, newRecoveryCodes, startTotp, twoFactorStatus } from './securityApi';
import { TotpQrCode } from './TotpQrCode';
import styles from './TwoFactorCard.module.css';
import { SETUP_IDLE, setupReducer } from './totpSetup';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

const TURN_OFF = {
  title: 'Turn off two-factor sign-in?',
  text: 'Enter a code from your authenticator app, or a recovery code. Your passkeys stay.',
  confirm: 'Turn off',
};
const RENEW = {
  title: 'New recovery codes',
  text: 'Enter a code from your authenticator app to make 10 new recovery codes. The old ones stop working.',
  confirm: 'Make new codes',
};

/** Runs a change behind the code prompt; closing the prompt is no failure to show. */
async function behindCode<T>(run: () => Promise<T>, onError: (message: string | null) => void) {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof StepUpCancelled)) onError(messageOf(e));
    return null;
  }
}

/** Two-factor sign-in with an authenticator app: turning it on, its recovery codes, turning it off. */
export function TwoFactorCard() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const on = user?.two_factor?.totp ?? false;
  const [state, send] = useReducer(setupReducer, SETUP_IDLE);
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  // How many recovery codes are left, and since when it is on: read again after every change.
  useEffect(() => {
    if (!on || state.step !== 'idle') return;
    twoFactorStatus().then(setStatus, (e: unknown) => setError(messageOf(e)));
  }, [on, state.step]);

  if (!user) return null;

  const turnOff = async () => {
    const changed = await behindCode(() => withFreshCode(disableTwoFactor, TURN_OFF), setError);
    if (changed) dispatch(userUpdated(changed));
  };
  const renew = async () => {
    const codes = await behindCode(() => withFreshCode(newRecoveryCodes, RENEW), setError);
    if (codes) send({ type: 'codes', codes, renewed: true });
  };

  return (
    <Card roomy aria-labelledby="totp-title">
      <div className={styles.head}>
        <CardTitle id="totp-title">Two-factor sign-in</CardTitle>
        <span className={on ? styles.on : styles.off}>{on ? 'On' : 'Off'}</span>
      </div>
      {state.step === 'codes' ? (
        <RecoveryCodesView
          codes={state.codes}
          username={user.username}
          renewed={state.renewed}
          onDone={() => send({ type: 'saved' })}
        />
      ) : state.step === 'password' ? (
        <PasswordStep
          onCancel={() => send({ type: 'cancel' })}
          onSecret={(setup) => send({ type: 'secret', setup })}
        />
      ) : state.step === 'scan' ? (
        <ScanStep
          secret={state.setup.secret}
          url={state.setup.otpauth_url}
          onCancel={() => send({ type: 'cancel' })}
          onConfirmed={(codes) => send({ type: 'codes', codes })}
        />
      ) : on ? (
        <>
          <Note>
            Signing in asks for a code from your authenticator app after your password.
            {status?.enabled_at && ` On since ${format(new Date(status.enabled_at), 'd MMM yyyy')}.`}
          </Note>
          {status && (
            <p className={styles.left}>
              {status.recovery_codes_left} of 10 recovery codes left
              {status.recovery_codes_left <= 3 && ': make new ones before they run out.'}
            </p>
          )}
          {error && <Note tone="error">{error}</Note>}
          <CardActions>
            <Button variant="secondary" onClick={renew}>
              New recovery codes
            </Button>
            <Button variant="danger" onClick={turnOff}>
              Turn off
            </Button>
          </CardActions>
        </>
      ) : (
        <>
          <Note>
            Protect your account with a code from an authenticator app (such as Google Authenticator,
            1Password or Authy) each time you sign in.
          </Note>
          <CardActions>
            <Button onClick={() => send({ type: 'start' })}>Turn on two-factor sign-in</Button>
          </CardActions>
        </>
      )}
    </Card>
  );
}

/** A step's Cancel and its submit button. */
function StepActions({
  onCancel,
  submit,
  sending,
}: {
  onCancel: () => void;
  submit: string;
  sending: boolean;
}) {
  return (
    <CardActions>
      <Button variant="secondary" onClick={onCancel} disabled={sending}>
        Cancel
      </Button>
      <Button type="submit" loading={sending}>
        {submit}
      </Button>
    </CardActions>
  );
}

function PasswordStep({
  onCancel,
  onSecret,
}: {
  onCancel: () => void;
  onSecret: (setup: { secret: string; otpauth_url: string }) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password.');
    setSending(true);
    try {
      onSecret(await startTotp(password));
    } catch (e) {
      setError(messageOf(e) ?? undefined);
      setSending(false);
    }
  };
  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <Note>Enter your password to start.</Note>
      <CurrentPasswordField
        value={password}
        error={error}
        onChange={(value) => {
          setPassword(value);
          setError(undefined);
        }}
      />
      <StepActions onCancel={onCancel} submit="Continue" sending={sending} />
    </form>
  );
}

function ScanStep({
  secret,
  url,
  onCancel,
  onConfirmed,
}: {
  secret: string;
  url: string;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = codeError('app', code);
    if (wrong) return setError(wrong);
    setSending(true);
    const result = await dispatch(confirmTotp(code));
    if (confirmTotp.fulfilled.match(result)) return onConfirmed(result.payload);
    setError(result.payload?.message ?? undefined);
    setCode('');
    setSending(false);
  };
  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <ol className={styles.steps}>
        <li>Scan this QR code with your authenticator app.</li>
        <li>Enter the 6-digit code it shows.</li>
      </ol>
      <TotpQrCode url={url} />
      <div className={styles.secret}>
        <span className={styles.secretLabel}>Can't scan it? Type this key instead:</span>
        <code className={styles.secretText} data-testid="totp-secret">
          {groupedSecret(secret)}
        </code>
      </div>
      <TextField
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
      />
      <StepActions onCancel={onCancel} submit="Turn on" sending={sending} />
    </form>
  );
}
