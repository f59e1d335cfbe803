import { isModerationPending, type User } from '@parlor/contract';
import type { BannerKind } from '../banners/bannersModel';
import { isProfileComplete } from './profileComplete';

/** What the banner rules read besides the user (docs/banners-and-popups.md). */
export interface BannerFacts {
  /** Milliseconds since the epoch: a boost shows until boost_until. */
  now: number;
  /** The inbox's first page has loaded, unfiltered, and holds no chat. */
  inboxEmpty: boolean;
  /** The screen's path: some banners belong to one area. */
  path?: string | undefined;
}

/** Where money is shown or sent: a creator there without two-factor sign-in is asked to turn it on. */
const MONEY_SCREENS = /^\/account\/(earnings|settings\/payouts)(\/|$)/;

const DAY_MS = 86_400_000;
const isFuture = (iso: string | null | undefined, now: number) => !!iso && new Date(iso).getTime() > now;

/** An unverified address: the first day's banner says a code was sent, later ones ask for it. */
export function emailBanner(
  user: Pick<User, 'email_verified' | 'created_at'>,
  now: number,
): BannerKind | null {
  if (user.email_verified) return null;
  const age = user.created_at ? now - new Date(user.created_at).getTime() : 0;
  return age > DAY_MS ? 'VerifyEmailAddressUsingCode' : 'VerifyEmailAddress';
}

/**
 * Banners that follow from the account: creators see why their profile is invisible, with a link
 * to the screen that fixes it, whether a penalty or a boost changes their place in Discover, and
 * an offer to boost; fans see how to get chats going; everyone sees a scheduled deletion, the
 * reported warning and the skinscore banner while the account carries them.
 */
export function accountBanners(
  user: User,
  facts: BannerFacts = { now: Date.now(), inboxEmpty: false },
): BannerKind[] {
  const kinds: BannerKind[] = [];
  if (user.deleted_scheduled) kinds.push('DeletionScheduled');
  if (user.type === 'featured') {
    const boosted = isFuture(user.boost_until, facts.now);
    if (!user.avatar_url) kinds.push('WarningInvisibleUploadPhoto');
    else if (
      user.settings?.profile?.invisible ||
      (user.discover_status === 'hidden' && !isModerationPending(user))
    ) {
      kinds.push('WarningInvisibleFeaturedDisabled');
    } else if (user.discover_status === 'featured' || user.force_discover) {
      // Visible in Discover: a penalty lowers her place, a boost raises it, else she may buy one.
      if (user.punishment_alert) kinds.push('PenaltyProfileVisibility');
      kinds.push(boosted ? 'BoostActive' : 'BoostVisibility');
    }
    if (boosted && !kinds.includes('BoostActive')) kinds.push('BoostActive');
    if (user.two_factor?.totp === false && MONEY_SCREENS.test(facts.path ?? ''))
      kinds.push('ProtectEarnings');
  } else if (user.type === 'user') {
    // A fan who bought before and has run out: more credits open more chats.
    if (user.is_customer && user.credits === 0) kinds.push('GetMoreChats');
    if (facts.inboxEmpty) kinds.push('StartFirstChat');
  }
  if (user.type && !isProfileComplete(user)) kinds.push('CompleteProfile');
  if (user.settings?.core?.warning_you_have_been_reported) kinds.push('ReportedWarning');
  if (user.show_skinscore_banner) kinds.push('Skinscore');
  return kinds;
}

/** Texts for the account banners the spec gives no text for. */
export const ACCOUNT_BANNER_TEXTS: Partial<Record<BannerKind, string>> = {
  WarningInvisibleUploadPhoto: 'Fans cannot find you until you add a profile photo.',
  WarningInvisibleFeaturedDisabled:
    'Your profile is hidden from Discover. Turn it back on in your privacy settings.',
  CompleteProfile: 'Buy your first credit package to unlock everything Parlor offers.',
  ReportedWarning:
    'Another member reported your account. Please keep to the community rules, or your account may be suspended.',
  PenaltyProfileVisibility:
    'Moderation lowered your place in Discover after reports about your profile. Keep to the community rules to get it back.',
  BoostVisibility: 'Rank first in Discover for a day and get more fans writing to you.',
  GetMoreChats: 'You are out of credits. Top up to keep chatting and unlock more free chats.',
  StartFirstChat: 'Find a creator you like in Discover and say hello.',
  Skinscore: 'Photos with good light and a clear face get more chats. Update your profile photo.',
  ProtectEarnings: 'A code from your phone at each sign-in keeps your payouts safe.',
};
