import { RecoveryCode, TotpCode } from '@parlor/contract';

/** Where the second factor's code comes from: the authenticator app, or a saved recovery code. */
export type CodeKind = 'app' | 'recovery';

/** What the code field says it wants, and the switch to the other kind. */
export const CODE_FIELD = {
  app: { label: '6-digit code', switchTo: 'Use a recovery code instead' },
  recovery: { label: 'Recovery code', switchTo: 'Use your authenticator app instead' },
} as const;

/** The contract's own check of a code as typed: its message, or undefined when it can be sent. */
export function codeError(kind: CodeKind, value: string): string | undefined {
  const parsed = (kind === 'app' ? TotpCode : RecoveryCode).safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The second step's field for this kind of code (POST /v1/auth/2fa takes one of them). */
export const secondFactorOf = (kind: CodeKind, value: string) =>
  kind === 'app' ? { code: value.replace(/\s+/g, '') } : { recovery_code: value.trim() };

/** A recovery code as the server printed it, for the text file that keeps them. */
export function recoveryCodesText(codes: readonly string[], username: string, when: Date): string {
  return [
    `Parlor recovery codes for ${username}`,
    `Made on ${when.toISOString().slice(0, 10)}. Each code works once.`,
    'Use one when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The secret as an authenticator app asks for it when typed: groups of four characters. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
