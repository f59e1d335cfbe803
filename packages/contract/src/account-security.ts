import { z } from 'zod';
import { PASSWORD_MAX } from './constants';
import { lazySchema } from './lazy';
import { VALIDATION } from './rules/messages';
import { AuthResponse, User } from './users';

// Account security: two-factor sign-in with an authenticator app (TOTP), recovery codes, passkeys,
// the fresh code that money and identity changes ask for, and the new-device mail. docs/accounts.md
// says how each works and what an admin does when someone loses every factor.

/** RFC 6238 as every authenticator app reads it: 6 digits, a new code every 30 seconds, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** 160-bit secrets: RFC 4226 asks for at least 128 and recommends 160. */
export const TOTP_SECRET_BYTES = 20;
/** The issuer authenticator apps show beside the account name. */
export const TOTP_ISSUER = 'Parlor';
/** Recovery codes made at once; each works once, and a new set replaces the old one. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer of a password sign-in waits for its second factor, and a passkey challenge lives. */
export const TWO_FACTOR_CHALLENGE_LIFETIME_MS = 5 * 60_000;
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Wrong codes one sign-in challenge takes before the password has to be entered again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 64;
/**
 * A request without a JSON body (removing a team member, an invite or a passkey) sends the fresh
 * code in this header; every other request sends it as `code` in its body.
 */
export const STEP_UP_HEADER = 'x-two-factor-code';

/** Every answer of account security that a person reads, worded once. */
export const SECURITY_MESSAGES = {
  stepUpRequired:
    'Enter the 6-digit code from your authenticator app (or a recovery code) to confirm this change.',
  wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  codeUsed: 'That code has already been used. Please wait for the next code in your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not right.',
  recoveryCodeUsed: 'That recovery code has already been used. Each recovery code works once.',
  codesThrottled: (seconds: number) =>
    `Too many wrong codes. Please try again in ${
      seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
    }.`,
  passwordRequired: 'Enter your password to confirm this change.',
  wrongPassword: 'Your password is not correct.',
  totpAlreadyOn: 'Two-factor sign-in is already on.',
  totpNotStarted: 'Start setting up two-factor sign-in first.',
  totpOff: 'Two-factor sign-in is not on.',
  signInExpired: 'This sign-in has expired. Please sign in again.',
  signInAttempts: 'Too many wrong codes for this sign-in. Please sign in again.',
  oneSecondFactor: 'Enter a code from your authenticator app, a recovery code, or use a passkey.',
  passkeyFailed: 'This passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with Parlor.',
  passkeyExpired: 'This passkey request has expired. Please try again.',
  passkeyTaken: 'This passkey is already registered.',
  passkeysMax: `You can have at most ${PASSKEYS_MAX} passkeys. Remove one to add another.`,
  passkeyName: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  passkeyNotFound: 'Passkey not found.',
  adminNeedsTwoFactor:
    'Turn on two-factor sign-in in your security settings before you use the admin console.',
  adminResetReason: 'Say how you confirmed that this person owns the account.',
} as const;

/** The pages of the new-device mail's link: one button that ends that session, then the outcome. */
export const END_SESSION_TEXTS = {
  title: 'End that sign-in?',
  explain: (device: string, when: string) =>
    `Someone signed in to your Parlor account on ${device} (${when}). If it was not you, end that session now.`,
  button: 'End that session',
  ended: 'That session has ended.',
  advice:
    'If it was not you, choose a new password and turn on two-factor sign-in in your security settings.',
  alreadyEnded: 'That session has already ended.',
  invalid: 'This link is not valid or has expired. You can end any session in your sessions settings.',
} as const;

/** The new-device mail. */
export const NEW_DEVICE_MAIL = {
  subject: 'New sign-in to your Parlor account',
  unknownCountry: 'unknown',
} as const;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** A 6-digit code, spaces allowed between the digits. */
export const TotpCode = lazySchema(() =>
  z
    .string({ error: SECURITY_MESSAGES.wrongCode })
    .transform((c) => c.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^[0-9]{${TOTP_DIGITS}}$`), SECURITY_MESSAGES.wrongCode)),
);
/** A recovery code as printed (`abcde-12345`); case, spaces and dashes do not matter. */
export const RecoveryCode = lazySchema(() =>
  z
    .string({ error: SECURITY_MESSAGES.wrongRecoveryCode })
    .max(40, SECURITY_MESSAGES.wrongRecoveryCode)
    .transform((c) => c.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, SECURITY_MESSAGES.wrongRecoveryCode)),
);
/** The fresh code a money or identity change asks for: from the authenticator app, or a recovery code. */
export const StepUpCode = lazySchema(() => z.string().trim().max(40));

const Password = () => z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX);

/** GET /v1/account/2fa. */
export const TwoFactorStatus = lazySchema(() =>
  z.object({
    totp: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
  }),
);
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /v1/account/2fa/totp: the password proves it is the owner (a stolen session cannot lock them out). */
export const TotpSetupRequest = lazySchema(() => z.object({ password: Password() }));
/** The secret to type in, and the same as an `otpauth://` URL for a QR code; pending until confirmed. */
export const TotpSetup = lazySchema(() => z.object({ secret: z.string(), otpauth_url: z.string() }));
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpConfirmRequest = lazySchema(() => z.object({ code: TotpCode }));
/** Shown once: only their hashes are kept. */
export const RecoveryCodes = lazySchema(() => z.object({ recovery_codes: z.array(z.string()) }));
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
/** DELETE /v1/account/2fa and POST /v1/account/2fa/recovery-codes: a code or a recovery code. */
export const TwoFactorCodeRequest = lazySchema(() =>
  z.object({ code: z.string({ error: SECURITY_MESSAGES.stepUpRequired }).trim().min(1).max(40) }),
);

/**
 * What the browser's WebAuthn calls take, as JSON (base64url for bytes): the fields of the Web
 * Authentication spec's `PublicKeyCredential*OptionsJSON`, which @simplewebauthn/browser passes on.
 */
const CredentialDescriptor = () =>
  z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
/** Extensions are the authenticator's business: passed through as the server wrote them. */
const Extensions = () => z.unknown().optional();
export const PasskeyCreationOptions = lazySchema(() =>
  z.object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(CredentialDescriptor()).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.string().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.string().optional(),
    attestationFormats: z.array(z.string()).optional(),
    extensions: Extensions(),
  }),
);
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;
export const PasskeyRequestOptions = lazySchema(() =>
  z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor()).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: Extensions(),
  }),
);
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;
const credential = <T extends z.ZodRawShape>(response: T) =>
  z.looseObject({
    id: base64url(2048),
    rawId: base64url(2048),
    type: z.literal('public-key'),
    response: z.looseObject(response),
    clientExtensionResults: z.looseObject({}).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  });
/** navigator.credentials.create()'s answer (a RegistrationResponseJSON). */
export const PasskeyAttestation = lazySchema(() =>
  credential({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
);
export type PasskeyAttestation = z.input<typeof PasskeyAttestation>;
/** navigator.credentials.get()'s answer (an AuthenticationResponseJSON). */
export const PasskeyAssertion = lazySchema(() =>
  credential({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(1024).optional(),
  }),
);
export type PasskeyAssertion = z.input<typeof PasskeyAssertion>;

/** POST /v1/account/passkeys/options: with two-factor sign-in on a fresh code, otherwise the password. */
export const PasskeyOptionsRequest = lazySchema(() =>
  z.object({ password: z.string().max(PASSWORD_MAX).optional(), code: StepUpCode.optional() }),
);
export const RegisterPasskeyRequest = lazySchema(() =>
  z.object({
    credential: PasskeyAttestation,
    name: z
      .string({ error: SECURITY_MESSAGES.passkeyName })
      .trim()
      .min(1, SECURITY_MESSAGES.passkeyName)
      .max(PASSKEY_NAME_MAX, SECURITY_MESSAGES.passkeyName),
  }),
);
export const Passkey = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** Synced by its provider (a password manager, a phone's keychain), so it survives a lost device. */
    backed_up: z.boolean(),
  }),
);
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = lazySchema(() => z.object({ passkeys: z.array(Passkey) }));
export type PasskeyList = z.infer<typeof PasskeyList>;

/**
 * POST /v1/auth with two-factor sign-in on: no session yet, a challenge for POST /v1/auth/2fa.
 * `passkey` holds WebAuthn options when the account has passkeys, which serve as the second factor too.
 */
export const TwoFactorChallenge = lazySchema(() =>
  z.object({
    two_factor_required: z.literal(true),
    challenge: z.string(),
    passkey: PasskeyRequestOptions.nullable(),
  }),
);
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;
/** What POST /v1/auth answers: a session, or the challenge of the second step. */
export const SignInResponse = lazySchema(() => z.union([AuthResponse, TwoFactorChallenge]));
export type SignInResponse = z.infer<typeof SignInResponse>;
export const isTwoFactorChallenge = (answer: SignInResponse): answer is TwoFactorChallenge =>
  'two_factor_required' in answer;

/** POST /v1/auth/2fa: the challenge and exactly one second factor. */
export const TwoFactorSignInRequest = lazySchema(() =>
  z
    .object({
      challenge: z
        .string({ error: SECURITY_MESSAGES.signInExpired })
        .max(200, SECURITY_MESSAGES.signInExpired),
      code: TotpCode.optional(),
      recovery_code: RecoveryCode.optional(),
      credential: PasskeyAssertion.optional(),
    })
    .refine(
      (b) => [b.code, b.recovery_code, b.credential].filter((f) => f !== undefined).length === 1,
      SECURITY_MESSAGES.oneSecondFactor,
    ),
);
export type TwoFactorSignInRequest = z.input<typeof TwoFactorSignInRequest>;
export const PasskeySignInRequest = lazySchema(() => z.object({ credential: PasskeyAssertion }));

/** The new-device mail's link: `?token=` as other links carry theirs, so logs redact it. */
export const EndSessionLinkQuery = lazySchema(() => z.object({ token: z.string().max(400) }));

/** DELETE /v1/admin/users/{id}/2fa: how the admin confirmed the owner is kept in the audit log. */
export const AdminResetTwoFactorRequest = lazySchema(() =>
  z.object({
    reason: z
      .string({ error: SECURITY_MESSAGES.adminResetReason })
      .trim()
      .min(1, SECURITY_MESSAGES.adminResetReason)
      .max(500),
  }),
);
export const AdminResetTwoFactorResponse = lazySchema(() => z.object({ user: User }));
