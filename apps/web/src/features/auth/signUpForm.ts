import { type Gender, rules, SIGN_UP_CONSENT, type SignUpRequest, type UserType } from '@parlor/contract';

/** The sign-up form as typed; `gender` is '' until chosen (it is optional). */
export interface SignUpValues {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  type: UserType;
  gender: Gender | '';
  code: string;
  /** "I am 18 or older": required. */
  confirm_adult: boolean;
  /** "I accept the Terms of Service and Privacy Policy": required. */
  accept_terms: boolean;
}
export type SignUpField = keyof SignUpValues;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

export const EMPTY_SIGN_UP: SignUpValues = {
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  type: 'user',
  gender: '',
  code: '',
  confirm_adult: false,
  accept_terms: false,
};

/** The fields that have client rules, in screen order (the first failing one takes focus). */
export const CHECKED_FIELDS = [
  'email',
  'username',
  'password',
  'confirmPassword',
  'confirm_adult',
  'accept_terms',
] as const;

/** The contract's validators with their exact messages; undefined when the field is fine. */
export function validateSignUpField(field: SignUpField, values: SignUpValues): string | undefined {
  switch (field) {
    case 'email':
      return rules.firstError(values.email, [rules.required, rules.email]);
    case 'username':
      return rules.username(values.username);
    case 'password':
      return rules.firstError(values.password, [rules.required, rules.password]);
    case 'confirmPassword':
      return (
        rules.required(values.confirmPassword) ??
        rules.passwordsMatch(values.password, values.confirmPassword)
      );
    case 'confirm_adult':
      return values.confirm_adult ? undefined : SIGN_UP_CONSENT.adultRequired;
    case 'accept_terms':
      return values.accept_terms ? undefined : SIGN_UP_CONSENT.termsRequired;
    default:
      return undefined;
  }
}

export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  for (const field of CHECKED_FIELDS) {
    const message = validateSignUpField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The POST /v1/users/sign body; empty optional fields are left out. */
export function toSignUpRequest(values: SignUpValues): SignUpRequest {
  const code = values.code.trim();
  return {
    email: values.email.trim(),
    username: rules.normalizeUsername(values.username),
    password: values.password,
    type: values.type,
    // Sent as ticked: the server refuses anything but true (validateSignUp asks first).
    confirm_adult: values.confirm_adult as true,
    accept_terms: values.accept_terms as true,
    ...(values.gender ? { gender: values.gender } : {}),
    ...(code ? { code } : {}),
  };
}

/** Maps a server error's `field` (zod path like "username") onto a form field, if it is one. */
export function formFieldOf(serverField: string | undefined): SignUpField | undefined {
  if (!serverField) return undefined;
  const top = serverField.split('.')[0];
  return top && top in EMPTY_SIGN_UP && top !== 'confirmPassword' ? (top as SignUpField) : undefined;
}
