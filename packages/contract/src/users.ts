import { z } from 'zod';
import { BotCheckInput } from './bot-check';
import { PASSWORD_MAX } from './constants';
import { FeaturedStatus, FeatureFlag, Gender, Role, UserType, VerificationStatus } from './enums';
import { lazySchema } from './lazy';
import { SUBSCRIPTION_PRICE_MAX, SUBSCRIPTION_PRICE_MIN, SUBSCRIPTION_PRICE_RANGE_MESSAGE } from './payments';
import { mentionsExclusiveContent } from './rules/account';
import { ERRORS, USERNAME, VALIDATION } from './rules/messages';
import {
  emailAnswer,
  normalizeUsername,
  password as passwordRule,
  usernameAnswer,
  username as usernameRule,
} from './rules/validators';
import { ActingMember } from './team-basics';

/** Applies a contract validator inside a zod schema so server and client word errors alike. */
function rule(check: (v: string) => string | undefined) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

export const UsernameInput = lazySchema(() =>
  z.string({ error: USERNAME.required }).transform(normalizeUsername).superRefine(rule(usernameAnswer)),
);
/** An operator's admin account name: the username rules, reserved names allowed (an admin has no page). */
export const AdminUsernameInput = lazySchema(() =>
  z.string({ error: USERNAME.required }).transform(normalizeUsername).superRefine(rule(usernameRule)),
);
export const EmailInput = lazySchema(() =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .toLowerCase()
    .max(254, ERRORS.emailNotValid)
    .superRefine(rule(emailAnswer)),
);
export const PasswordInput = lazySchema(() =>
  z
    .string({ error: VALIDATION.required })
    .max(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`)
    .superRefine(rule(passwordRule)),
);

/** The highest "ask me before spending more than" amount a fan can set, in credits. */
export const SPEND_CONFIRM_MAX = 100_000;
// Spelled out: a number formatter at module load would cost every page ICU's start-up.
export const SPEND_CONFIRM_RANGE_MESSAGE = 'Choose an amount from 1 to 100,000 credits';

/**
 * Does a spend of `amount` credits ask first? Only above the fan's own amount, and never while the
 * setting is off (null or absent).
 */
export function asksBeforeSpending(confirmAbove: number | null | undefined, amount: number): boolean {
  return confirmAbove !== null && confirmAbove !== undefined && amount > confirmAbove;
}

export const UserSettings = lazySchema(() =>
  z.object({
    core: z.object({ warning_you_have_been_reported: z.boolean() }),
    profile: z.object({ invisible: z.boolean(), intro_enabled: z.boolean() }),
    notifications: z.object({
      marketing: z.boolean(),
      notifications: z.boolean(),
      payments: z.boolean(),
      payouts: z.boolean(),
    }),
    /**
     * Spends above `confirm_above` credits ask first (null: off, the default). Always sent by the
     * server; optional so older clients' fixtures still parse.
     */
    spending: z.object({ confirm_above: z.number().int().nullable() }).optional(),
  }),
);
export type UserSettings = z.infer<typeof UserSettings>;

/** The signed-in user's own view of their account. */
/** The steps of a fan's profile set-up the welcome flag and the CompleteProfile banner read. */
export const ProfileCompleteConfig = lazySchema(() =>
  z.object({
    is_affiliate_profile_visited: z.boolean(),
    is_bought_credit_package: z.boolean(),
  }),
);
export type ProfileCompleteConfig = z.infer<typeof ProfileCompleteConfig>;
/** What protects the sign-in: an authenticator app (TOTP) turned on, and how many passkeys. */
export const TwoFactorState = lazySchema(() => z.object({ totp: z.boolean(), passkeys: z.number().int() }));
export type TwoFactorState = z.infer<typeof TwoFactorState>;
export const User = lazySchema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    type: UserType,
    role: Role,
    gender: Gender.nullable(),
    bio: z.string(),
    avatar_url: z.string().nullable(),
    last_online: z.string().nullable(),
    id_verified: z.boolean(),
    is_customer: z.boolean(),
    onboarding_v2: z.boolean(),
    new_fm_onboarding: z.boolean(),
    email_verified: z.boolean(),
    code_used: z.string().nullable(),
    affiliate: z.string().nullable(),
    profile_complete_config: ProfileCompleteConfig,
    requires_moderation: z.boolean(),
    id_verification_status: VerificationStatus.nullable(),
    discover_status: FeaturedStatus,
    force_discover: z.boolean(),
    deleted_scheduled: z.boolean(),
    delete_at: z.string().nullable(),
    show_skinscore_banner: z.boolean(),
    credits: z.number().int(),
    /**
     * Credits a refund or chargeback could not take back because they were spent: the next credits
     * bought pay it first (docs/payments.md). Always sent by the server.
     */
    credits_debt: z.number().int().optional(),
    has_favorites: z.boolean(),
    is_broadcasting: z.boolean(),
    unread_feeds: z.number().int(),
    tags: z.array(z.string()),
    settings: UserSettings,
    /** Credits a new subscription to this user costs per period (creators set it in settings). */
    subscription_price: z.number().int(),
    created_at: z.string(),
    /** When the creator's bought profile boost ends (the BoostActive banner shows until then). */
    boost_until: z.string().nullable().optional(),
    /** Frozen by moderation: writes answer 423 with frozen_message (the frozen popup shows it). */
    frozen: z.boolean().optional(),
    frozen_message: z.string().nullable().optional(),
    /** Moderation penalised the profile: it ranks lower in Discover (the PenaltyProfileVisibility banner). */
    punishment_alert: z.boolean().optional(),
    /** Answered to a team seat: the member working as this creator, and what the seat allows. */
    acting_member: ActingMember.optional(),
    /**
     * Two-factor sign-in and passkeys (docs/accounts.md). Always sent by the server; optional so
     * older clients' fixtures still parse.
     */
    two_factor: TwoFactorState.optional(),
  }),
);
export type User = z.infer<typeof User>;

/** What other people see of a user (creator page, chat header). */
export const PublicUser = lazySchema(() =>
  User.pick({
    _id: true,
    username: true,
    type: true,
    gender: true,
    bio: true,
    avatar_url: true,
    last_online: true,
    id_verified: true,
    tags: true,
    subscription_price: true,
  }).extend({
    is_online: z.boolean(),
    /** Whether the asker follows this account (false for a visitor). */
    is_followee: z.boolean(),
    /** Whether the asker has a subscription to this account that still gives access (false for a visitor). */
    is_subscribed: z.boolean(),
    followers: z.number().int(),
    /** The account's feed posts (not deleted). */
    posts: z.number().int(),
  }),
);
export type PublicUser = z.infer<typeof PublicUser>;

/** Why a sign-up without its consents is refused (docs/accounts.md). */
export const SIGN_UP_CONSENT = {
  adultRequired: 'You must be 18 or older to use Parlor.',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy.',
} as const;

/**
 * POST /v1/users/sign. `confirm_adult` and `accept_terms` must both be `true`: a client that does
 * not send them is refused with their messages (400), since the consent has to be the person's.
 */
export const SignUpRequest = lazySchema(() =>
  z.object({
    email: EmailInput,
    password: PasswordInput,
    username: UsernameInput,
    type: UserType.default('user'),
    gender: Gender.optional(),
    code: z.string().trim().max(64).optional(),
    web: z.boolean().optional(),
    react_flow: z.boolean().optional(),
    confirm_adult: z.literal(true, { error: SIGN_UP_CONSENT.adultRequired }),
    accept_terms: z.literal(true, { error: SIGN_UP_CONSENT.termsRequired }),
    /** The bot-check widget's payload; needed only while the bot-check is on (`bot_check` in the config). */
    bot_check: BotCheckInput.optional(),
  }),
);
export type SignUpRequest = z.input<typeof SignUpRequest>;
/** The request after parsing: username normalised, defaults applied. */
export type SignUpData = z.output<typeof SignUpRequest>;

/** POST /v1/auth. `login` is an email or a username. */
export const SignInRequest = lazySchema(() =>
  z.object({
    login: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(254),
    password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX),
    /** The bot-check widget's payload; needed only while the bot-check is on. */
    bot_check: BotCheckInput.optional(),
  }),
);
export type SignInRequest = z.infer<typeof SignInRequest>;

export const AuthResponse = lazySchema(() => z.object({ access_token: z.string(), user: User }));
export type AuthResponse = z.infer<typeof AuthResponse>;

/** One signed-in device of the user (an access token), for the sessions settings. */
export const Session = lazySchema(() =>
  z.object({
    _id: z.string(),
    /** Read from the user agent, e.g. "Firefox on Windows"; "Unknown device" when there is none. */
    device: z.string(),
    created_at: z.string(),
    last_used_at: z.string(),
    /** The session this request was made with. */
    current: z.boolean(),
  }),
);
export type Session = z.infer<typeof Session>;
/** GET /v1/users/sessions: the live sessions, the most recently used first. */
export const SessionList = lazySchema(() => z.object({ sessions: z.array(Session) }));
export type SessionList = z.infer<typeof SessionList>;
/** DELETE /v1/users/sessions/{id}. */
export const SessionIdParams = lazySchema(() => z.object({ id: z.uuid({ error: ERRORS.notFound }) }));

/** PATCH /v1/users/{id}: the changed values; unknown fields are refused. */
/** The longest bio a profile keeps. */
export const BIO_MAX = 500;

export const UpdateUserRequest = lazySchema(() =>
  z
    .object({
      username: UsernameInput,
      gender: Gender,
      bio: z
        .string()
        .max(BIO_MAX, 'Bio cannot exceed 500 characters')
        .refine((bio) => !mentionsExclusiveContent(bio), ERRORS.exclusiveInBio),
      settings: z
        .object({
          profile: UserSettings.shape.profile.partial().strict(),
          notifications: UserSettings.shape.notifications.partial().strict(),
          spending: z
            .object({
              confirm_above: z
                .number({ error: SPEND_CONFIRM_RANGE_MESSAGE })
                .int(SPEND_CONFIRM_RANGE_MESSAGE)
                .min(1, SPEND_CONFIRM_RANGE_MESSAGE)
                .max(SPEND_CONFIRM_MAX, SPEND_CONFIRM_RANGE_MESSAGE)
                .nullable(),
            })
            .strict(),
        })
        .partial()
        .strict(),
      onboarding_v2: z.boolean(),
      new_fm_onboarding: z.boolean(),
      /** Creators only (a fan gets 403); applies to new subscriptions, not to running ones. */
      subscription_price: z
        .number({ error: SUBSCRIPTION_PRICE_RANGE_MESSAGE })
        .int(SUBSCRIPTION_PRICE_RANGE_MESSAGE)
        .min(SUBSCRIPTION_PRICE_MIN, SUBSCRIPTION_PRICE_RANGE_MESSAGE)
        .max(SUBSCRIPTION_PRICE_MAX, SUBSCRIPTION_PRICE_RANGE_MESSAGE),
    })
    .partial()
    .strict(),
);
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;
export type UpdateUserData = z.output<typeof UpdateUserRequest>;

/** PATCH /v1/users/{id}: a malformed id names no user. */
export const UserIdParams = lazySchema(() => z.object({ id: z.uuid({ error: ERRORS.userNotFound }) }));
/** POST /v1/users/affiliate-visit: the creator whose page or chat the fan opened. */
export const AffiliateVisitRequest = lazySchema(() =>
  z.object({ user_id: z.string({ error: 'user_id is required.' }).max(64) }),
);
/** GET /v1/users/{username}: a public profile. */
export const UsernameParams = lazySchema(() => z.object({ username: z.string().max(100) }));

export const UsernameAvailableQuery = lazySchema(() => z.object({ username: z.string().max(200) }));
export const UsernameAvailableResponse = lazySchema(() =>
  z.object({
    username: z.string(),
    available: z.boolean(),
    message: z.string().optional(),
  }),
);
export type UsernameAvailableResponse = z.infer<typeof UsernameAvailableResponse>;

export const ProviderConfigQuery = lazySchema(() =>
  z.object({ platform: z.literal('react').default('react') }),
);
export const Features = lazySchema(() => z.record(FeatureFlag, z.boolean()));
/** What the server answers (403) when an account's feature flag turns the thing asked for off. */
export const FEATURE_OFF_MESSAGES = {
  vault: 'The vault is not available for this account.',
  payoutMethod: 'This payout method is not available for this account.',
} as const;
export type Features = z.infer<typeof Features>;
export const ProviderConfig = lazySchema(() =>
  z.object({
    is_guest: z.boolean(),
    features: Features,
    payment_keywords: z.array(z.string()),
    global_keywords: z.array(z.string()),
    greeting_keywords: z.array(z.string()),
    app_keywords: z.array(z.string()),
    /** The media host (uploads and the availability check go there); null: the API's origin. */
    media_base_url: z.string().nullable(),
    /** Payments go through the built-in sandbox: nothing is charged, and the app says so. */
    payments_test_mode: z.boolean(),
    /**
     * Who takes card payments: `sandbox` takes a card form here; any other (`stripe`) is a hosted
     * checkout, so the client never asks for a card number and follows `redirect_url`.
     */
    payment_provider: z.enum(['sandbox', 'stripe']),
    /** The server's VAPID public key (base64url): the applicationServerKey of push subscriptions. */
    push_key: z.string(),
    /** Where logout and guests are sent instead of /login (LANDING_URL); null: /login. */
    landing_url: z.string().nullable(),
    /** Sign-in and sign-up need the bot-check (BOT_CHECK_KEY is set): the forms show its widget. */
    bot_check: z.boolean(),
  }),
);
export type ProviderConfig = z.infer<typeof ProviderConfig>;

export const GeoIp = lazySchema(() =>
  z.object({
    ip: z.string(),
    country: z.string().nullable(),
    country_code: z.string().nullable(),
  }),
);
export type GeoIp = z.infer<typeof GeoIp>;

/** GET /v1/avatars/{seed}.svg?l={initial}: a generated avatar. */
export const GeneratedAvatarParams = lazySchema(() =>
  z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/) }),
);
export const AvatarQuery = lazySchema(() => z.object({ l: z.string().max(4).default('?') }));
