import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { lazySchema } from './lazy';

/** What one profile boost costs, in credits ($10.00), and how long it ranks the creator first in Discover. */
export const BOOST_PRICE_CREDITS = 100;
export const BOOST_DURATION_HOURS = 24;

/** The creator's blocked countries (ISO 3166-1 alpha-2): visitors from there get 451 on her pages and chats. */
export const BlockedCountries = lazySchema(() => z.object({ countries: z.array(z.string()) }));
export type BlockedCountries = z.infer<typeof BlockedCountries>;
/** PUT /v1/users/blocked-countries: the whole list; codes are uppercased, deduplicated and sorted. */
export const BlockedCountriesRequest = lazySchema(() =>
  z.object({
    countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .refine((code) => COUNTRY_CODES.includes(code), 'Unknown country code'),
      )
      .max(COUNTRY_CODES.length)
      .transform((codes) => [...new Set(codes)].sort()),
  }),
);

/** Where a boost is paid from: the creator's credits, or her earnings balance. */
export const BoostPayFrom = lazySchema(() => z.enum(['credits', 'earnings']));
export type BoostPayFrom = z.infer<typeof BoostPayFrom>;
/** POST /v1/users/boost: the price and the duration are fixed; only the balance it comes from is chosen. */
export const BoostRequest = lazySchema(() =>
  z.object({ pay_from: BoostPayFrom.default('credits') }).strict(),
);
export const BoostResponse = lazySchema(() =>
  z.object({
    /** ISO time the boost ends. */
    boost_until: z.string(),
    /** The creator's credits after paying. */
    credits: z.number().int(),
    /** The creator's earnings balance after paying (unchanged when paid from credits). */
    earnings: z.number().int(),
  }),
);
export type BoostResponse = z.infer<typeof BoostResponse>;

/**
 * The areas whose first visit opens a short intro popup (a creator's profile,
 * account, messenger, chat, discover). Closing one records it on the server, for every device.
 */
export const IntroKind = lazySchema(() => z.enum(['discover', 'messenger', 'chat', 'account', 'profile']));
export type IntroKind = z.infer<typeof IntroKind>;
/** GET/POST /v1/users/intros: the intros this account has seen; `enabled` false shows none. */
export const IntrosResponse = lazySchema(() => z.object({ enabled: z.boolean(), seen: z.array(IntroKind) }));
export type IntrosResponse = z.infer<typeof IntrosResponse>;
export const IntroSeenRequest = lazySchema(() => z.object({ intro: IntroKind }).strict());

/** The longest global warning an admin may set. */
export const PLATFORM_NOTICE_MAX = 500;
/** The global warning: an admin's platform-wide notice (e.g. planned maintenance). */
export const PlatformNotice = lazySchema(() =>
  z.object({
    _id: z.string(),
    message: z.string(),
    created_at: z.string(),
  }),
);
export type PlatformNotice = z.infer<typeof PlatformNotice>;
/** GET /v1/notice: the current notice unless the caller closed it; GET /v1/admin/notice: the current one. */
export const PlatformNoticeResponse = lazySchema(() => z.object({ notice: PlatformNotice.nullable() }));
export type PlatformNoticeResponse = z.infer<typeof PlatformNoticeResponse>;
/** PUT /v1/admin/notice: a message replaces the current notice; none (or blank) clears it. */
export const SetPlatformNoticeRequest = lazySchema(() =>
  z
    .object({
      message: z
        .string()
        .trim()
        .max(PLATFORM_NOTICE_MAX, `A notice cannot exceed ${PLATFORM_NOTICE_MAX} characters`)
        .optional(),
    })
    .strict(),
);
export const PlatformNoticeParams = lazySchema(() => z.object({ id: z.uuid({ error: 'Notice not found' }) }));
