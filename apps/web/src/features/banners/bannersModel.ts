/** Banner kinds. */
export const BANNER_KINDS = [
  'GetMoreChats',
  'PenaltyProfileVisibility',
  'BoostActive',
  'WarningInvisibleUploadPhoto',
  'WarningInvisibleFeaturedDisabled',
  'CompleteProfile',
  'StartFirstChat',
  'VerifyEmailAddress',
  'VerifyEmailAddressUsingCode',
  'BoostVisibility',
  // Shown while the account carries the warning_you_have_been_reported setting.
  'ReportedWarning',
  // While the account's deletion is scheduled (deletion-scheduled event): the date and a way back.
  'DeletionScheduled',
  // While show_skinscore_banner holds, until the hide_skinscore_banner event.
  'Skinscore',
  // A creator without two-factor sign-in, on her earnings and payout screens.
  'ProtectEarnings',
] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

export interface BannersState {
  /** Banners turned on by an event or a screen (e.g. BoostActive after a boost). */
  shown: BannerKind[];
  /** Banners the user closed in this session. */
  dismissed: BannerKind[];
}

/** Turns a banner on, and back on if the user had closed it. */
export function showBanner(state: BannersState, kind: BannerKind): void {
  if (!state.shown.includes(kind)) state.shown.push(kind);
  state.dismissed = state.dismissed.filter((k) => k !== kind);
}
