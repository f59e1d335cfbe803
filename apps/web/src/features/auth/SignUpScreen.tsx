import { BOT_CHECK_MESSAGES, type Gender, type UserType } from '@parlor/contract';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { arrivalCode } from '../../platform/arrivalCode';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { Checkbox } from '../../ui/Checkbox';
import { RadioGroup } from '../../ui/RadioGroup';
import { SelectField, TextField } from '../../ui/TextField';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { openOnboardingVerify } from '../verification/openers';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { afterSignInPath } from './authModel';
import { selectToken } from './authSlice';
import { signUp } from './authThunks';
import { BotCheck } from './BotCheck';
import {
  CHECKED_FIELDS,
  EMPTY_SIGN_UP,
  formFieldOf,
  type SignUpErrors,
  type SignUpField,
  toSignUpRequest,
  validateSignUp,
  validateSignUpField,
} from './signUpForm';
import { useBotCheck } from './useBotCheck';
import { useUsernameAvailability } from './useUsernameAvailability';

const ACCOUNT_TYPES = [
  { value: 'user', label: 'Fan', description: 'Chat with creators' },
  { value: 'featured', label: 'Creator', description: 'Get paid to chat' },
] as const satisfies readonly { value: UserType; label: string; description: string }[];

/** /login/signup: create an account (POST /v1/users/sign). */
export function SignUpScreen() {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const token = useAppSelector(selectToken);
  const request = useAppSelector((s) => selectRequest(s, signUp));
  const [params] = useSearchParams();
  const { search } = useLocation();
  const next = afterSignInPath(search);
  // A referral link (/login/signup?code=<username>), or the code the visit arrived with, fills it in.
  const [values, setValues] = useState(() => ({
    ...EMPTY_SIGN_UP,
    code: params.get('code')?.trim() || arrivalCode() || '',
  }));
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const availability = useUsernameAvailability(values.username);
  const form = useRef<HTMLFormElement>(null);
  const botCheck = useBotCheck();

  useEffect(() => {
    dispatch(requestReset(signUp.typePrefix));
  }, [dispatch]);

  if (token && request.status !== 'Fetching') return <Navigate to={next} replace />;

  const set = <F extends SignUpField>(field: F, value: (typeof values)[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, it re-checks as the user types so the error clears promptly.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateSignUpField(field, next) }));
    if (field === 'password' && errors.confirmPassword && next.confirmPassword) {
      setErrors((e) => ({ ...e, confirmPassword: validateSignUpField('confirmPassword', next) }));
    }
  };
  /** A consent box: it is re-checked as soon as it changes once it shows an error. */
  const bindBox = (field: 'confirm_adult' | 'accept_terms') => ({
    name: field,
    checked: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.checked),
  });
  const blur = (field: SignUpField) => () => {
    if (values[field] === '') return; // leaving an untouched field is not an error yet
    setErrors((e) => ({ ...e, [field]: validateSignUpField(field, values) }));
  };

  /** A text field's value, error and handlers: it re-checks as the user types and on leaving it. */
  const bind = (field: 'email' | 'username' | 'password' | 'confirmPassword') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    onBlur: blur(field),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateSignUp(values);
    if (availability.state === 'taken' && !found.username) found.username = availability.message;
    setErrors(found);
    const first = CHECKED_FIELDS.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const proof = await botCheck.payload();
    if (!proof) {
      setFormError(BOT_CHECK_MESSAGES.required);
      return;
    }
    const result = await dispatch(signUp({ ...toSignUpRequest(values), ...proof }));
    // Each solved check is good for one try: the next one solves anew.
    if (!signUp.fulfilled.match(result)) botCheck.reset();
    if (signUp.fulfilled.match(result)) {
      // The code is on its way; the onboarding verification popup opens at once.
      openOnboardingVerify(dispatch, result.payload.user, { afterSignUp: true });
      navigate(next, { replace: true });
    } else if (result.payload) {
      const field = formFieldOf(result.payload.field);
      if (field) setErrors((e) => ({ ...e, [field]: result.payload!.message }));
      else setFormError(result.payload.message);
    }
  };

  const usernameHint =
    availability.state === 'checking'
      ? 'Checking availability…'
      : availability.state === 'available'
        ? 'Username is available'
        : undefined;
  const usernameError =
    errors.username ?? (availability.state === 'taken' ? availability.message : undefined);

  return (
    <AuthLayout
      title="Create your account"
      subtitle="It takes less than a minute."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={`/login${params.get('next') ? `?next=${encodeURIComponent(params.get('next') ?? '')}` : ''}`}
          >
            Sign in instead
          </Link>
        </>
      }
    >
      <AuthForm
        ref={form}
        alert={formError}
        submitLabel="Create account"
        submitting={request.status === 'Fetching' || botCheck.solving}
        onSubmit={onSubmit}
      >
        <RadioGroup
          legend="I am a"
          name="type"
          value={values.type}
          options={ACCOUNT_TYPES}
          onChange={(type) => set('type', type)}
        />
        <TextField
          label="Email"
          {...bind('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          label="Username"
          {...bind('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={usernameError}
          hint={usernameError ? undefined : usernameHint}
          hintTone={availability.state === 'available' ? 'success' : 'neutral'}
        />
        <TextField label="Password" {...bind('password')} type="password" autoComplete="new-password" />
        <TextField
          label="Confirm password"
          {...bind('confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <SelectField
          label="Gender"
          name="gender"
          value={values.gender}
          error={errors.gender}
          onChange={(e) => set('gender', e.target.value as Gender | '')}
        >
          <option value="">Prefer not to say</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="other">Other</option>
        </SelectField>
        <TextField
          label="Referral code (optional)"
          name="code"
          autoCapitalize="none"
          spellCheck={false}
          value={values.code}
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <Checkbox label="I am 18 or older" {...bindBox('confirm_adult')} />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Link to="/terms" target="_blank">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" target="_blank">
                Privacy Policy
              </Link>
            </>
          }
          {...bindBox('accept_terms')}
        />
        <BotCheck check={botCheck} />
      </AuthForm>
    </AuthLayout>
  );
}
