import { isModerationPending, type User } from '@parlor/contract';
import type { BannerKind } from '../banners/bannersModel';
import { isProfileComplete } from './profileComplete';

/**
 * Banners that follow from the account: creators see why their profile is invisible, with a link
 * to the screen that fixes it; CompleteProfile shows until isProfileComplete holds.
 */
export function accountBanners(user: User): BannerKind[] {
  const kinds: BannerKind[] = [];
  if (user.type === 'featured') {
    if (!user.avatar_url) kinds.push('WarningInvisibleUploadPhoto');
    else if (
      user.settings?.profile?.invisible ||
      (user.discover_status === 'hidden' && !isModerationPending(user))
    ) {
      kinds.push('WarningInvisibleFeaturedDisabled');
    }
  }
  if (user.type && !isProfileComplete(user)) kinds.push('CompleteProfile');
  if (user.settings?.core?.warning_you_have_been_reported) kinds.push('ReportedWarning');
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
};
