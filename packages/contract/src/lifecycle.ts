import { z } from 'zod';
import { COUNTRY_CODES } from './countries';

/** What one profile boost costs, in credits ($10.00), and how long it ranks the creator first in Discover. */
export const BOOST_PRICE_CREDITS = 100;
export const BOOST_DURATION_HOURS = 24;

/** The creator's blocked countries (ISO 3166-1 alpha-2): visitors from there get 451 on her pages and chats. */
export const BlockedCountries = z.object({ countries: z.array(z.string()) });
export type BlockedCountries = z.infer<typeof BlockedCountries>;
/** PUT /v1/users/blocked-countries: the whole list; codes are uppercased, deduplicated and sorted. */
export const BlockedCountriesRequest = z.object({
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
});

/** POST /v1/users/boost: nothing to choose; the price and the duration are fixed. */
export const BoostRequest = z.object({}).strict();
export const BoostResponse = z.object({
  /** ISO time the boost ends. */
  boost_until: z.string(),
  /** The creator's credits after paying. */
  credits: z.number().int(),
});
export type BoostResponse = z.infer<typeof BoostResponse>;
