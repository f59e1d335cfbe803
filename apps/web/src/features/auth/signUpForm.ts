import { type Gender, rules, type SignUpRequest, type UserType } from '@parlor/contract';

/** The sign-up form as typed; `gender` is '' until chosen (it is optional). */
export interface SignUpValues {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  type: UserType;
  gender: Gender | '';
  code: string;
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
};

/** The fields that have client rules, in screen order (the first failing one takes focus). */
export const CHECKED_FIELDS = ['email', 'username', 'password', 'confirmPassword'] as const;

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
