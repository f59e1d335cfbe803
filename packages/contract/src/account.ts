import { z } from 'zod';
import { StepUpCode } from './account-security';
import { PASSWORD_MAX, VERIFICATION_CODE_LENGTH } from './constants';
import { FeaturedStatus, VerificationStatus } from './enums';
import { lazySchema } from './lazy';
import { ERRORS, VALIDATION } from './rules/messages';
import { email as emailRule } from './rules/validators';
import { EmailInput, User } from './users';

// Accounts: email verification by code, profile extras, deletion, account states, admin.

/** Messages the spec leaves open, worded once here (docs/decisions.md, accounts). */
export const ACCOUNT_MESSAGES = {
  codeLocked: 'Too many wrong codes. This code no longer works, please request a new one.',
  codeMissing: 'There is no code waiting for you. Please request a new one.',
  resendCooldown: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting another code.`,
  codeDailyLimit: 'You have asked for too many codes today. Please try again tomorrow.',
  signInThrottled: (seconds: number) =>
    `Too many failed sign-ins from here. Please try again in ${
      seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
    }.`,
  alreadyVerified: 'Your email address is already verified.',
  verifyFirst: 'Please verify your email address first.',
  wrongPassword: 'Wrong password.',
  deletionNotScheduled: 'Your account is not scheduled for deletion.',
  tagInvalid: 'Tags can only contain letters, numbers, spaces and hyphens (1 to 30 characters).',
  tooManyTags: 'You can have at most 10 tags.',
  avatarType: 'Please choose a JPEG, PNG, WebP or GIF image.',
  avatarMissing: 'Please choose an image to upload.',
  avatarTooLarge: 'This photo is too large. Please use a photo under 5 MB.',
  creatorsOnly: 'Only creators can do this.',
  discoverPending: 'Your profile is waiting for approval before it can be featured.',
  discoverDenied: 'Your profile was not approved for Discover.',
  adminsOnly: 'Admins only.',
  frozenDefault: ERRORS.frozen,
} as const;

/** Fixed texts of the verification popup, banners and account screens. */
export const VERIFY_TEXTS = {
  titleDone: 'Email Verified',
  titleResent: 'CHECK YOUR EMAIL',
  titleHelp: "Can't see verification e-mail",
  titleConverted: 'Secure your account',
  titleAction: 'Verification required',
  titleDefault: 'Please verify your email',
  verifyOnboarding: 'Verify My Account',
  verifyAction: 'Verify',
  cantSee: "I can't see the email in my inbox",
  actionExplain: 'Verification is required to change your payout information.',
  enterCode: (email: string) => `Enter the 4-digit code we sent to ${email}`,
  helpAdvice: "Please check your junk or spam folder. If the email isn't there, we can send it again.",
  resend: 'Resend verification',
  sendDifferent: 'Send to a different address',
  submit: 'Submit',
  done: 'Your email has been successfully verified.',
  continueIn: (seconds: number) => `Continue (${seconds})`,
  suggestion: (email: string) => `Did you mean ${email}?`,
  freeMailNotice:
    'Emails to Yahoo, Outlook, Hotmail and iCloud addresses may arrive late or in spam. We recommend a Gmail address.',
} as const;

/** Wrong codes a code survives; the last one voids it and a new code must be sent (429). */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Codes mailed to one account in 24 hours, every purpose together. With MAX_CODE_ATTEMPTS guesses
 * each that is 30 guesses of 10 000 a day: guessing a code takes about a year, not hours.
 */
export const DAILY_CODE_LIMIT = 6;

/** Wrong or malformed codes share one message; the client clears the boxes on it. */
export const VerificationCode = lazySchema(() =>
  z
    .string({ error: ERRORS.wrongCode })
    .regex(new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`), ERRORS.wrongCode),
);

export const VerifyEmailRequest = lazySchema(() => z.object({ code: VerificationCode }));
export const VerifyEmailResponse = lazySchema(() => z.object({ message: z.string(), user: User }));
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** POST /v1/users/resend-verify: the spec sends the email data with web and react_flow; a bare POST works too. */
export const ResendVerifyRequest = lazySchema(() =>
  z
    .object({
      email: EmailInput.optional(),
      web: z.boolean().optional(),
      react_flow: z.boolean().optional(),
      /** With two-factor sign-in on, a different `email` needs a fresh code. */
      code: StepUpCode.optional(),
    })
    .nullish(),
);
export const ChangeVerifyEmailRequest = lazySchema(() =>
  z.object({ email: EmailInput, code: StepUpCode.optional() }),
);

/** Every call that mails a code answers where it went (masked in action mode) and the cooldown. */
export const CodeSentResponse = lazySchema(() =>
  z.object({
    message: z.string(),
    email: z.string(),
    resend_after_s: z.number().int(),
    user: User.optional(),
  }),
);
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

export const TagRequest = lazySchema(() =>
  z.object({
    tag: z
      .string({ error: VALIDATION.required })
      .trim()
      .toLowerCase()
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]{0,29}$/u, ACCOUNT_MESSAGES.tagInvalid),
  }),
);
export const TagQuery = lazySchema(() => z.object({ tag: z.string().trim().toLowerCase().max(30) }));
export const TagsResponse = lazySchema(() => z.object({ tags: z.array(z.string()) }));
export const MAX_TAGS = 10;

export const GREETING_MAX_LENGTH = 500;
/** PUT /v1/users/greeting: a creator's greeting; an empty text clears it. */
export const GreetingRequest = lazySchema(() =>
  z.object({
    text: z
      .string()
      .trim()
      .max(GREETING_MAX_LENGTH, `Greetings cannot exceed ${GREETING_MAX_LENGTH} characters`),
  }),
);
export const GreetingResponse = lazySchema(() => z.object({ greeting: z.string().nullable() }));

export const IdVerificationResponse = lazySchema(() =>
  z.object({
    status: VerificationStatus,
    id_verified: z.boolean(),
    requires_moderation: z.boolean(),
    moderation_pending: z.boolean(),
  }),
);
export type IdVerificationResponse = z.infer<typeof IdVerificationResponse>;

/** Days between asking for deletion and the account being erased; signing in can cancel it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
export const ScheduleDeletionRequest = lazySchema(() =>
  z.object({
    password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX),
  }),
);
export const DeletionResponse = lazySchema(() =>
  z.object({
    deleted_scheduled: z.boolean(),
    delete_at: z.string().nullable(),
  }),
);

export const DiscoverSettingRequest = lazySchema(() => z.object({ featured: z.boolean() }));

/** PATCH /v2/account/defaults?verification_code=: payout information, guarded by an action code. */
export const PayoutMethod = lazySchema(() =>
  z.enum(['bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer']),
);
export type PayoutMethod = z.infer<typeof PayoutMethod>;
export const PAYOUT_DETAIL_MESSAGES = {
  iban: 'Enter a valid IBAN, e.g. DE89 3704 0044 0532 0130 00',
  holder: "Enter the account holder's name",
  email: 'Enter the email address of that account',
  wallet: 'Enter a valid wallet address',
  country: 'Choose your country',
  countryLocked: 'Unable to update payout country. Payout country already set.',
} as const;

/** An IBAN: country, check digits and account, checked with ISO 13616's mod-97 rule. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}
const WALLET = /^[A-Za-z0-9]{26,90}$/;

/**
 * PATCH /v2/account/defaults?verification_code=: payout information, guarded by an action code.
 * The details depend on the method: an IBAN and its holder for a bank transfer, the account's email
 * for PayPal and Paxum, a wallet address for crypto. The country is set once.
 */
export const PayoutDefaultsRequest = lazySchema(() =>
  z
    .object({
      payout_method: PayoutMethod,
      payout_account: z.string().trim().min(3, VALIDATION.min3).max(120),
      account_holder: z.string().trim().max(120).optional(),
      payout_country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, PAYOUT_DETAIL_MESSAGES.country)
        .transform((c) => c.toUpperCase())
        .optional(),
      /** With two-factor sign-in on: a fresh code from the authenticator app (or a recovery code). */
      code: StepUpCode.optional(),
    })
    .superRefine((b, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (b.payout_method === 'bank_transfer') {
        if (!isValidIban(b.payout_account)) issue('payout_account', PAYOUT_DETAIL_MESSAGES.iban);
        if (!b.account_holder || b.account_holder.length < 2)
          issue('account_holder', PAYOUT_DETAIL_MESSAGES.holder);
      } else if (b.payout_method === 'crypto_transfer') {
        if (!WALLET.test(b.payout_account)) issue('payout_account', PAYOUT_DETAIL_MESSAGES.wallet);
      } else if (emailRule(b.payout_account) !== undefined)
        issue('payout_account', PAYOUT_DETAIL_MESSAGES.email);
    }),
);
export const PayoutDefaultsQuery = lazySchema(() => z.object({ verification_code: VerificationCode }));
export const PayoutDefaults = lazySchema(() =>
  z.object({
    payout_method: PayoutMethod.nullable(),
    payout_account: z.string().nullable(),
    account_holder: z.string().nullable(),
    payout_country: z.string().nullable(),
  }),
);
export type PayoutDefaults = z.infer<typeof PayoutDefaults>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** GET /v1/users/avatars/{file}: an uploaded profile photo by its stored name. */
export const UploadedAvatarParams = lazySchema(() => z.object({ file: z.string().max(120) }));

/** /v1/admin/users/{id}/{action}: what an admin can do to an account, and the event each sends. */
export const AdminUserAction = lazySchema(() =>
  z.enum([
    'ban',
    'unban',
    'freeze',
    'unfreeze',
    'approve',
    'deny',
    'approve-id',
    'reject-id',
    'approve-enquiry',
    'reject-enquiry',
    'retake-id',
    'warn',
    'discover',
    'force-discover',
    'penalise',
    'dismiss-reports',
  ]),
);
export type AdminUserAction = z.infer<typeof AdminUserAction>;
export const AdminActionRequest = lazySchema(() =>
  z
    .object({
      reason: z.string().trim().max(500).optional(),
      message: z.string().trim().max(500).optional(),
      /** `discover`: the status to set. */
      discover_status: FeaturedStatus.optional(),
      /** `force-discover` and `penalise`: false lifts it (default true). */
      enabled: z.boolean().optional(),
    })
    .strict()
    .nullish(),
);
export const AdminActionResponse = lazySchema(() => z.object({ user: User }));
