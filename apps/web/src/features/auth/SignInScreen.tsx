import { ACCOUNT_BASICS_MESSAGES, BOT_CHECK_MESSAGES, rules } from '@parlor/contract';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { TextField } from '../../ui/TextField';
import { BanDetails } from '../account-states/BanDetails';
import { banOfSignIn } from '../account-states/banNotice';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { afterSignInPath, SIGN_IN_EXPIRED } from './authModel';
import { selectSecondFactor, selectToken, selectUser } from './authSlice';
import { completeTwoFactor, passkeySignIn, sessionOf, signIn } from './authThunks';
import { BotCheck } from './BotCheck';
import { signInAlert, useLockout } from './lockout';
import { PasskeyAlternative } from './PasskeyAlternative';
import styles from './PasswordScreens.module.css';
import { RESET_DONE_QUERY } from './passwordApi';
import { TwoFactorStep } from './TwoFactorStep';
import { useBotCheck } from './useBotCheck';

type Field = 'login' | 'password';

/** /login: sign in with an email or a username (POST /v1/auth). */
export function SignInScreen() {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const token = useAppSelector(selectToken);
  const request = useAppSelector((s) => selectRequest(s, signIn));
  const secondStep = useAppSelector((s) => selectRequest(s, completeTwoFactor));
  const passkeyRequest = useAppSelector((s) => selectRequest(s, passkeySignIn));
  const secondFactor = useAppSelector(selectSecondFactor);
  const [values, setValues] = useState({ login: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { search } = useLocation();
  // The account is known once signed in: an admin's default is the console.
  const next = afterSignInPath(search, useAppSelector(selectUser));
  // Arriving from a password reset: say it worked (and why every device is signed out).
  const resetDone = search.includes(RESET_DONE_QUERY);
  const botCheck = useBotCheck();
  const [botCheckError, setBotCheckError] = useState<string | null>(null);
  // A second step that ran out of time or tries starts over here, saying why.
  const expired = secondStep.status === 'Error' && secondStep.error?.code === SIGN_IN_EXPIRED;
  const failure =
    request.status === 'Error'
      ? request.error
      : expired
        ? secondStep.error
        : passkeyRequest.status === 'Error'
          ? passkeyRequest.error
          : null;
  // After too many failed tries the wait counts down, and the form opens again at zero.
  const lockedFor = useLockout(failure);
  // A banned account is told what the terminated popup tells it: the reason and where to appeal.
  const ban = banOfSignIn(failure);

  // A failure from an earlier visit is not this form's news.
  useEffect(() => {
    for (const thunk of [signIn, completeTwoFactor, passkeySignIn]) dispatch(requestReset(thunk.typePrefix));
  }, [dispatch]);

  if (token && request.status !== 'Fetching') return <Navigate to={next} replace />;
  if (secondFactor) {
    return (
      <TwoFactorStep
        passkey={secondFactor.passkey !== null}
        onSignedIn={(user) => navigate(afterSignInPath(search, user), { replace: true })}
      />
    );
  }

  const check = (field: Field, value = values[field]) => rules.required(value);
  const update = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update(field, e.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { login: check('login'), password: check('password') };
    setErrors(found);
    if (found.login || found.password) return;
    setBotCheckError(null);
    dispatch(requestReset(completeTwoFactor.typePrefix));
    dispatch(requestReset(passkeySignIn.typePrefix));
    const proof = await botCheck.payload();
    if (!proof) {
      setBotCheckError(BOT_CHECK_MESSAGES.required);
      return;
    }
    const result = await dispatch(
      signIn({ login: values.login.trim(), password: values.password, ...proof }),
    );
    const session = signIn.fulfilled.match(result) ? sessionOf(result.payload) : null;
    if (session) navigate(afterSignInPath(search, session.user), { replace: true });
    // Each solved check is good for one try: the next one solves anew.
    else botCheck.reset();
  };

  const signInWithPasskey = async () => {
    dispatch(requestReset(signIn.typePrefix));
    dispatch(requestReset(completeTwoFactor.typePrefix));
    const result = await dispatch(passkeySignIn());
    if (passkeySignIn.fulfilled.match(result)) {
      navigate(afterSignInPath(search, result.payload.user), { replace: true });
    }
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to pick up your conversations."
      footer={
        <>
          New to Parlor? <Link to={`/login/signup${search}`}>Create an account</Link>
        </>
      }
    >
      {resetDone && request.status !== 'Error' && (
        <p className={styles.notice} role="status">
          {ACCOUNT_BASICS_MESSAGES.resetDone}
        </p>
      )}
      <AuthForm
        alert={botCheckError ?? (ban ? null : signInAlert(failure, lockedFor))}
        submitLabel="Sign in"
        submitting={request.status === 'Fetching' || botCheck.solving}
        disabled={lockedFor > 0}
        onSubmit={onSubmit}
      >
        {ban && !botCheckError && (
          <div role="alert" className={styles.banned}>
            <BanDetails ban={ban} />
          </div>
        )}
        <TextField
          label="Email or username"
          {...bind('login')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField label="Password" {...bind('password')} type="password" autoComplete="current-password" />
        <Link to="/login/forgot" className={styles.forgot}>
          Forgot password?
        </Link>
        <BotCheck check={botCheck} />
      </AuthForm>
      <PasskeyAlternative
        label="Sign in with a passkey"
        loading={passkeyRequest.status === 'Fetching'}
        onClick={signInWithPasskey}
      />
    </AuthLayout>
  );
}
