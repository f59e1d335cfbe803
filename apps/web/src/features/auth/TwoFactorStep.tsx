import { SECURITY_MESSAGES, type User } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { type CodeKind, codeError, secondFactorOf } from '../security/codeModel';
import { SecondFactorField } from '../security/SecondFactorField';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { secondFactorLeft } from './authSlice';
import { completeTwoFactor, type SecondFactor } from './authThunks';
import { signInAlert, useLockout } from './lockout';
import { PasskeyAlternative } from './PasskeyAlternative';
import styles from './PasswordScreens.module.css';

const SUBTITLES: Record<CodeKind, string> = {
  app: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.',
};

/**
 * The sign-in's second step, once the password was right and the account has two-factor sign-in:
 * a code from the authenticator app, a recovery code, or one of the account's passkeys.
 */
export function TwoFactorStep({
  passkey,
  onSignedIn,
}: {
  passkey: boolean;
  onSignedIn: (user: User) => void;
}) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectRequest(s, completeTwoFactor));
  const [kind, setKind] = useState<CodeKind>('app');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const failure = request.status === 'Error' ? request.error : null;
  const lockedFor = useLockout(failure);

  useEffect(() => {
    dispatch(requestReset(completeTwoFactor.typePrefix));
  }, [dispatch]);

  const send = async (factor: SecondFactor) => {
    const result = await dispatch(completeTwoFactor(factor));
    if (completeTwoFactor.fulfilled.match(result)) onSignedIn(result.payload.user);
    // A refused code is typed again from the start.
    else setValue('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = codeError(kind, value);
    setFieldError(error);
    if (!error) await send(secondFactorOf(kind, value));
  };

  const switchKind = (next: CodeKind) => {
    setKind(next);
    setValue('');
    setFieldError(undefined);
  };

  return (
    <AuthLayout
      title="Two-factor sign-in"
      subtitle={SUBTITLES[kind]}
      footer={
        <button type="button" className={styles.again} onClick={() => dispatch(secondFactorLeft())}>
          Back to sign-in
        </button>
      }
    >
      <AuthForm
        alert={signInAlert(failure, lockedFor, SECURITY_MESSAGES.codesThrottled)}
        submitLabel="Sign in"
        submitting={request.status === 'Fetching'}
        disabled={lockedFor > 0}
        onSubmit={onSubmit}
      >
        <SecondFactorField
          kind={kind}
          onKindChange={switchKind}
          value={value}
          error={fieldError}
          autoFocus
          onChange={(next) => {
            setValue(next);
            if (fieldError) setFieldError(undefined);
          }}
        />
      </AuthForm>
      {passkey && (
        <PasskeyAlternative
          label="Use a passkey instead"
          disabled={request.status === 'Fetching' || lockedFor > 0}
          onClick={() => send('passkey')}
        />
      )}
    </AuthLayout>
  );
}
