import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminUsernameInput, EmailInput, PasswordInput } from '@parlor/contract';
import { z } from 'zod';
import type { ConnectionLimits } from './plugins/connection-limits';
import { DEMO_PASSWORDS } from './scripts/seed/demo-passwords';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, so `npm start` works from any workspace directory. */
export const REPO_ROOT = path.resolve(here, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** How long an unused session lives; a deployment may shorten or lengthen it (SESSION_TTL_DAYS). */
export const SESSION_TTL_DAYS = 30;
/** How long an idempotency key's answer is kept, as Stripe does (IDEMPOTENCY_KEY_TTL_HOURS). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

// Every variable has a working default; `npm start` needs none of them. With NODE_ENV=production
// the sandbox payments must be chosen explicitly (see loadConfig).
const Env = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('parlor:'),
  /** How long a durable job's step may run before another process takes the job over (docs/jobs.md). */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parlor <no-reply@localhost>'),
  /** The contact in push notifications' VAPID signature; default: mailto: and MAIL_FROM's address. */
  /** Push subscription endpoints over plain http (a local push service); default: outside production. */
  PUSH_ALLOW_HTTP: bool.optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .optional(),
  /** Where logout and guests are sent instead of /login (an https site of the deployment's own). */
  LANDING_URL: z.union([z.literal(''), z.string().regex(/^https?:\/\/[^/\s]+/)]).optional(),
  /** The host uploads and media files go to; empty or unset means this origin. */
  MEDIA_BASE_URL: z.union([z.literal(''), z.string().url()]).optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  /** Upload size limits in MB (499 in production); tests set small ones. */
  MEDIA_IMAGE_MAX_MB: z.coerce.number().positive().optional(),
  MEDIA_VIDEO_MAX_MB: z.coerce.number().positive().optional(),
  /** Storage per account for its uploads (every stored variant counts): creators in GB, fans in MB. */
  MEDIA_QUOTA_CREATOR_GB: z.coerce.number().nonnegative().default(50),
  MEDIA_QUOTA_FAN_MB: z.coerce.number().nonnegative().default(500),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe's secret API key (sk_test_... in test mode) and its webhook endpoint's signing secret (whsec_...). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its calls, when not api.stripe.com (a local stand-in in tests). */
  STRIPE_API_URL: z.string().url().optional(),
  /** The platform's share, in percent, of every credit a fan spends on a creator (docs/payments.md). */
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  /** A referrer's share, in percent, of a referred creator's earnings for 12 months (from the platform's fee). */
  REFERRAL_PERCENT: z.coerce.number().int().min(0).max(100).default(5),
  CRYPTO_TOPUP: z.enum(['sandbox', 'off']).optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(SESSION_TTL_DAYS),
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce.number().positive().default(IDEMPOTENCY_KEY_TTL_HOURS),
  TRUST_PROXY: bool.default(false),
  /** Open connections per client address; unset means 256, or no cap behind a proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  HEADERS_TIMEOUT_S: z.coerce.number().positive().default(20),
  REQUEST_TIMEOUT_S: z.coerce.number().positive().default(300),
  /** The Prometheus endpoint (docs/operations.md): off unless true, and then only with METRICS_TOKEN. */
  METRICS: bool.default(false),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** true: every API call but health answers 503 and the web app shows /maintenance. */
  MAINTENANCE: bool.default(false),
  /** false: the area intro popups (first visit of Discover, Chats, ...) never show (test runs). */
  INTRO_POPUPS: bool.default(true),
  /** The HMAC key of the bot-check on sign-in and sign-up (docs/decisions.md); unset: no bot-check. */
  BOT_CHECK_KEY: z
    .union([z.literal(''), z.string().min(16, 'BOT_CHECK_KEY must be at least 16 characters')])
    .optional(),
  /** Where a banned account may appeal, shown with the ban; unset: the ban names no address. */
  SUPPORT_EMAIL: z.union([z.literal(''), EmailInput]).optional(),
  /** Admins need two-factor sign-in for the admin console; default: in production only. */
  ADMIN_REQUIRE_2FA: bool.optional(),
  ADMIN_USERNAME: AdminUsernameInput.optional(),
  ADMIN_PASSWORD: PasswordInput.optional(),
  ADMIN_EMAIL: EmailInput.optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Every Redis key and channel starts with it, so several deployments or test runs share a server. */
  redisPrefix: string;
  /** A claimed job step's lease: after a crash, the job waits this long before another process resumes it. */
  jobLeaseMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `mailto:` or `https:` contact sent with every push (VAPID `sub`). */
  vapidSubject: string;
  /** Accept http:// push endpoints (tests' local push service); production takes https only. */
  pushAllowHttp: boolean;
  /** Where uploads and media files live, without a trailing slash; '' means this origin. */
  mediaBaseUrl: string;
  /** The appeal contact a ban shows (SUPPORT_EMAIL); null: none configured. */
  supportEmail: string | null;
  /** Where logout and guests go instead of /login; '' means /login. */
  landingUrl: string;
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  /** Upload limits in MB; undefined means the spec's production limits. */
  mediaLimitsMb: { image?: number | undefined; video?: number | undefined };
  /** How many bytes an account's uploads may keep in storage, by account type. */
  mediaQuotaBytes: { creator: number; fan: number };
  /** The sandbox charges nothing: every card payment is simulated. Stripe takes real money. */
  paymentProvider: 'sandbox' | 'stripe';
  /** Stripe's keys, when PAYMENT_PROVIDER=stripe; `apiUrl` only to point the SDK at a stand-in. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** The platform's share of what fans spend on creators, in percent. */
  platformFeePercent: number;
  referralPercent: number;
  /** 'sandbox': crypto top-ups are simulated (confirmed at once, nothing received); 'off': refused. */
  cryptoTopUp: 'sandbox' | 'off';
  /** NODE_ENV=production: the defaults of a public deployment. */
  production: boolean;
  /**
   * Load the demo data on an empty database: SEED_DEMO, by default outside production only (`npm
   * start` on a fresh clone). True in production only when SEED_DEMO=true was given.
   */
  seedDemo: boolean;
  logLevel: string;
  webDir: string;
  authRateLimitPerMinute: number;
  /** A session (access token) unused for this many days ends; every use starts the count again. */
  sessionTtlDays: number;
  /** An idempotency key is remembered this many hours, then purged (docs/payments.md). */
  idempotencyKeyTtlHours: number;
  trustProxy: boolean;
  /** MAINTENANCE: the API answers 503 (health excepted). */
  maintenance: boolean;
  /** INTRO_POPUPS: the area intro popups show on a first visit. */
  introPopups: boolean;
  connections: ConnectionLimits;
  /** The Prometheus endpoint's bearer token when METRICS=true; undefined means the endpoint is off. */
  metrics: { token: string } | undefined;
  /** BOT_CHECK_KEY: sign-in and sign-up need a solved bot-check; undefined means they do not. */
  botCheckKey: string | undefined;
  /** ADMIN_REQUIRE_2FA: an admin without two-factor sign-in gets 403 from every admin endpoint. */
  adminRequire2fa: boolean;
  /** The account made (or given the admin role) at start; undefined when the variables are unset. */
  admin: { username: string; password: string; email: string } | undefined;
}

/** A configuration the server will not start with; the message says what to change, in one line. */
export class ConfigError extends Error {
  constructor(detail: string) {
    super(`Invalid configuration: ${detail}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset: compose files and service managers pass an unset one as ''.
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(issues);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // The sandbox takes no money: a public deployment must say which provider it wants.
  if (production && !e.PAYMENT_PROVIDER) {
    throw new ConfigError(
      'PAYMENT_PROVIDER must be set with NODE_ENV=production: "stripe" takes real ' +
        'payments; "sandbox" simulates payments and charges nothing; set PAYMENT_PROVIDER=sandbox to run it anyway.',
    );
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  // The demo password is printed at start and in the README: an admin with it is open to anyone.
  if (e.ADMIN_PASSWORD !== undefined && DEMO_PASSWORDS.includes(e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_PASSWORD is the demo password, which is public: choose another.');
  }
  const adminVars = [e.ADMIN_USERNAME, e.ADMIN_PASSWORD, e.ADMIN_EMAIL];
  if (adminVars.some((v) => v !== undefined) && adminVars.some((v) => v === undefined)) {
    throw new ConfigError('ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL are set together.');
  }
  // Metrics describe traffic and users: never public, so turning them on needs a token.
  if (e.METRICS && !e.METRICS_TOKEN) {
    throw new ConfigError('METRICS=true needs METRICS_TOKEN (a bearer token of 16+ characters).');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          region: e.S3_REGION ?? 'us-east-1',
        }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    vapidSubject: e.VAPID_SUBJECT ?? vapidSubjectFrom(e.MAIL_FROM),
    pushAllowHttp: e.PUSH_ALLOW_HTTP ?? !production,
    mediaBaseUrl: (e.MEDIA_BASE_URL ?? '').replace(/\/$/, ''),
    landingUrl: e.LANDING_URL ?? '',
    supportEmail: e.SUPPORT_EMAIL || null,
    s3,
    mediaLimitsMb: { image: e.MEDIA_IMAGE_MAX_MB, video: e.MEDIA_VIDEO_MAX_MB },
    mediaQuotaBytes: {
      creator: Math.floor(e.MEDIA_QUOTA_CREATOR_GB * 1024 ** 3),
      fan: Math.floor(e.MEDIA_QUOTA_FAN_MB * 1024 ** 2),
    },
    paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
    stripe:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    referralPercent: e.REFERRAL_PERCENT,
    cryptoTopUp: e.CRYPTO_TOPUP ?? (production ? 'off' : 'sandbox'),
    production,
    seedDemo: e.SEED_DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    webDir: path.resolve(e.WEB_DIR),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    idempotencyKeyTtlHours: e.IDEMPOTENCY_KEY_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    maintenance: e.MAINTENANCE,
    introPopups: e.INTRO_POPUPS,
    connections: {
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 256),
      headersTimeoutMs: e.HEADERS_TIMEOUT_S * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    },
    botCheckKey: e.BOT_CHECK_KEY || undefined,
    metrics: e.METRICS && e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : undefined,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? production,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD && e.ADMIN_EMAIL
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL }
        : undefined,
  };
}

/** Whether payments are simulated: the app shows a test-mode ribbon and the server warns at start. */
export const paymentsTestMode = (config: Pick<Config, 'paymentProvider' | 'cryptoTopUp'>) =>
  config.paymentProvider === 'sandbox' || config.cryptoTopUp === 'sandbox';

/**
 * The media host's origin when it is not the web app's (PUBLIC_URL): the browser then needs CORS
 * to upload there and the content security policy must name it. Null when media is same-origin.
 */
export function crossOriginMedia(config: Pick<Config, 'mediaBaseUrl' | 'publicUrl'>): string | null {
  if (!config.mediaBaseUrl) return null;
  const media = new URL(config.mediaBaseUrl).origin;
  return media === new URL(config.publicUrl).origin ? null : media;
}

/** `mailto:` and the address of MAIL_FROM ("Name <a@b>" or "a@b"). */
export function vapidSubjectFrom(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
