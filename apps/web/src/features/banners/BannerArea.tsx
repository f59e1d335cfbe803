import { BANNER_TITLES, type User } from '@parlor/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Banner, type BannerTone } from '../../ui/Banner';
import { AlertIcon, MailIcon, ShieldIcon, SparkIcon } from '../../ui/icons';
import { accountBannerAction } from '../account-states/accountBannerAction';
import { ACCOUNT_BANNER_TEXTS } from '../account-states/accountBanners';
import { selectUser } from '../auth/authSlice';
import styles from './BannerArea.module.css';
import type { BannerKind } from './bannersModel';
import { bannerDismissed, selectVisibleBanners } from './bannersSlice';

interface BannerView {
  title: string;
  text?: ReactNode;
  tone: BannerTone;
  icon: ReactNode;
  /** Whether the user may close it for this session. */
  dismissible: boolean;
}

/** How each banner kind looks. Kinds without a spec title get a plain one of ours. */
function viewFor(kind: BannerKind, user: User | null): BannerView {
  const email = user?.email;
  switch (kind) {
    case 'VerifyEmailAddress':
    case 'VerifyEmailAddressUsingCode':
      return {
        title: BANNER_TITLES[kind],
        text: email ? `We sent a 4-digit code to ${email}.` : 'Check your inbox for your 4-digit code.',
        tone: 'info',
        icon: <MailIcon />,
        dismissible: true,
      };
    case 'WarningInvisibleUploadPhoto':
    case 'WarningInvisibleFeaturedDisabled':
    case 'PenaltyProfileVisibility':
      return {
        title:
          kind === 'PenaltyProfileVisibility' ? 'Your profile visibility is limited' : BANNER_TITLES[kind],
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'warning',
        icon: <AlertIcon />,
        dismissible: false,
      };
    case 'ReportedWarning':
      return {
        title: 'You have been reported',
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'warning',
        icon: <AlertIcon />,
        dismissible: false,
      };
    case 'CompleteProfile':
      return {
        title: BANNER_TITLES[kind],
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'promo',
        icon: <SparkIcon />,
        dismissible: true,
      };
    case 'StartFirstChat':
      return {
        title: 'Start your first chat',
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'promo',
        icon: <SparkIcon />,
        dismissible: true,
      };
    case 'BoostActive':
      return {
        title: BANNER_TITLES[kind],
        text: user?.boost_until
          ? `You show first in Discover until ${bannerFormats().time.format(new Date(user.boost_until))}.`
          : undefined,
        tone: 'promo',
        icon: <SparkIcon />,
        dismissible: true,
      };
    case 'DeletionScheduled':
      return {
        title: 'Your account will be deleted',
        text: user?.delete_at
          ? `On ${bannerFormats().date.format(new Date(user.delete_at))}. You can keep it until then.`
          : 'You can keep it until the date comes.',
        tone: 'warning',
        icon: <AlertIcon />,
        dismissible: false,
      };
    case 'ProtectEarnings':
      return {
        title: 'Protect your earnings with two-factor sign-in',
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'info',
        icon: <ShieldIcon />,
        dismissible: false,
      };
    case 'Skinscore':
      return {
        title: 'Improve your skinscore',
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'info',
        icon: <SparkIcon />,
        dismissible: true,
      };
    default:
      return {
        title: BANNER_TITLES[kind],
        text: ACCOUNT_BANNER_TEXTS[kind],
        tone: 'promo',
        icon: <SparkIcon />,
        dismissible: true,
      };
  }
}

// Built on first use, not when the module loads: a page's first Intl formatter loads ICU's data
// (50-100 ms of main thread on a phone), which every signed-in page would pay before its first
// screen for two banners that seldom show.
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
function bannerFormats() {
  formats ??= {
    date: new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
  };
  return formats;
}
/** How often the banners are re-evaluated against the clock (a boost ends by itself). */
const TICK_MS = 30_000;

export function BannerArea() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { pathname } = useLocation();
  const kinds = useAppSelector((s) => selectVisibleBanners(s, now, pathname));
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  if (kinds.length === 0) return null;
  return (
    <div className={styles.area}>
      {kinds.map((kind) => {
        const view = viewFor(kind, user);
        return (
          <Banner
            key={kind}
            title={view.title}
            text={view.text}
            tone={view.tone}
            icon={view.icon}
            action={user ? accountBannerAction(kind, user, dispatch) : undefined}
            onDismiss={view.dismissible ? () => dispatch(bannerDismissed(kind)) : undefined}
          />
        );
      })}
    </div>
  );
}
