import { creditsToDollars, plural } from '@parlor/contract';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../platform/hooks';
import type { RouteDefinition } from '../../platform/routing';
import { Avatar } from '../../ui/Avatar';
import {
  ChatIcon,
  CoinsIcon,
  CompassIcon,
  FeedIcon,
  ImageIcon,
  ShieldIcon,
  SidebarIcon,
  UserIcon,
} from '../../ui/icons';
import { Toaster } from '../../ui/Toaster';
import { showToast } from '../../ui/toasts';
import { Wordmark } from '../../ui/Wordmark';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectUser } from '../auth/authSlice';
import { BannerArea } from '../banners/BannerArea';
import { NewFanNotices } from '../fans/NewFanNotices';
import { unreadFeedsLabel } from '../feed/feedEvents';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { SeatBar } from '../team/SeatBar';
import { SeatEndedNotice, SeatGuard } from '../team/SeatScreens';
import { seatAllows, seatMayOpen, selectSeat } from '../team/seatAccess';
import { WorkspaceSwitcher } from '../team/WorkspaceSwitcher';
import styles from './AppShell.module.css';
import { type Chrome, chromeFor, currentNavPath, NAV_ROUTES } from './nav';
import { selectPaymentsTestMode, TestModeRibbon } from './TestModeRibbon';
import { TodayEarnings } from './TodayEarnings';
import { useLayout } from './useLayout';

const NAV_ICONS: Record<string, ReactNode> = {
  [NAV_ROUTES.chats.path]: <ChatIcon />,
  [NAV_ROUTES.feed.path]: <FeedIcon />,
  [NAV_ROUTES.discover.path]: <CompassIcon />,
  [NAV_ROUTES.account.path]: <UserIcon />,
  [NAV_ROUTES.vault.path]: <ImageIcon />,
  [NAV_ROUTES.earnings.path]: <CoinsIcon />,
  [NAV_ROUTES.moderation.path]: <ShieldIcon />,
};

/** The count on a nav entry and how it is read out: unread posts on Feed. */
function useNavBadges(): Record<string, { count: number; label: string }> {
  const unreadFeeds = useAppSelector(selectUser)?.unread_feeds ?? 0;
  return {
    [NAV_ROUTES.feed.path]: {
      count: unreadFeeds,
      label: `${unreadFeedsLabel(unreadFeeds)} new ${unreadFeeds === 1 ? 'post' : 'posts'}`,
    },
  };
}

function NavLinks({
  routes,
  variant,
  compact,
}: {
  routes: readonly RouteDefinition[];
  variant: 'sidebar' | 'tabbar';
  compact?: boolean;
}) {
  const { pathname } = useLocation();
  const badges = useNavBadges();
  const currentPath = currentNavPath(routes, pathname);
  return routes.map((route) => {
    const current = route.path === currentPath;
    const badge = badges[route.path];
    const count = badge?.count ?? 0;
    return (
      <Link
        key={route.path}
        to={route.path}
        className={variant === 'tabbar' ? styles.tab : styles.navLink}
        aria-current={current ? 'page' : undefined}
        // The badge is drawn for the eye; its words join the name ("Feed, 3 new posts").
        aria-label={count > 0 && badge ? `${route.name}, ${badge.label}` : undefined}
        title={compact ? route.name : undefined}
      >
        <span className={styles.navIcon}>
          {NAV_ICONS[route.path]}
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true" data-testid={`nav-badge-${route.name}`}>
              {unreadFeedsLabel(count)}
            </span>
          )}
        </span>
        {/* The name stays in the accessibility tree even when only the icon shows. */}
        <span className={compact ? 'visually-hidden' : undefined}>{route.name}</span>
      </Link>
    );
  });
}

/** A team seat's navigation leaves out the screens its permissions do not reach. */
function seatChrome(chrome: Chrome, permissions: Parameters<typeof seatMayOpen>[1] | undefined): Chrome {
  if (!permissions) return chrome;
  const keep = (routes: Chrome['sidebar']) => routes.filter((r) => seatMayOpen(r.path, permissions));
  return { ...chrome, sidebar: keep(chrome.sidebar), tabbar: keep(chrome.tabbar) };
}

/** The signed-in frame: header, sidebar (desktop) or tab bar (mobile), banners and the screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const testMode = useAppSelector(selectPaymentsTestMode);
  const vaultOff = useAppSelector(selectVaultOff);
  const { desktop, wide, layout, preference, setPreference } = useLayout();
  const compact = layout === 'compact';
  // The chat screens fill the space below the header and scroll inside their own panes.
  const location = useLocation();
  const { pathname } = location;
  const navigate = useGuardedNavigate();
  // A payment that went through (at once or after 3-D Secure) says so wherever it returns to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival.
  useEffect(() => {
    const state = location.state as { purchased?: boolean } | null;
    if (!state?.purchased) return;
    showToast('Payment successful: your credits were added.');
    navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { ...state, purchased: false },
    });
  }, [location.key]);
  const fullBleed = pathname.startsWith('/chats');
  // A conversation on a phone takes the whole screen (its own header has Back): no app header or tab bar.
  const immersive = !desktop && /^\/chats\/[^/]+/.test(pathname);
  const seat = useAppSelector(selectSeat);
  const chrome = seatChrome(chromeFor(user, { vault: vaultOff }), seat?.permissions);
  // A seat without the earnings permission sees no figures of them.
  const earningsShown = seatAllows(user, 'accountStats');
  // Discover's card grid uses the width of large screens (5 columns from 1440 px).
  const gridPage = pathname === '/discover';

  return (
    <div
      className={styles.shell}
      data-test-mode={testMode || undefined}
      data-immersive={immersive || undefined}
      data-seat={seat ? true : undefined}
    >
      {testMode && <TestModeRibbon />}
      <SeatBar />
      <header className={styles.header}>
        {wide && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setPreference(preference === 'compact' ? 'default' : 'compact')}
            aria-label={preference === 'compact' ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            <SidebarIcon />
          </button>
        )}
        <Link to={NAV_ROUTES.chats.path} className={styles.home}>
          <Wordmark size={30} />
        </Link>
        <span className={styles.spacer} />
        {user && chrome.kind === 'admin' && (
          // Where a fan sees credits, an admin finds the console (an admin who creates: earnings too).
          <>
            {user.type === 'featured' && <TodayEarnings className={`${styles.credits} ${styles.wideOnly}`} />}
            <Link to={NAV_ROUTES.moderation.path} className={styles.credits} data-testid="admin-console-link">
              <ShieldIcon size={18} />
              Moderation
            </Link>
          </>
        )}
        {user && chrome.kind === 'creator' && earningsShown && <TodayEarnings className={styles.credits} />}
        {user && chrome.kind === 'fan' && (
          <Link
            to={NAV_ROUTES.account.path}
            className={styles.credits}
            title={`$${creditsToDollars(user.credits)}`}
          >
            <CoinsIcon size={18} />
            {plural(user.credits, 'credit')}
          </Link>
        )}
        <WorkspaceSwitcher />
      </header>
      <div className={styles.body} data-layout={layout}>
        <nav className={`${styles.sidebar} ${compact ? styles.compact : ''}`} aria-label="Main">
          <NavLinks routes={chrome.sidebar} variant="sidebar" compact={compact} />
          {user && (
            <div className={styles.user}>
              <Avatar name={user.username} src={user.avatar_url} size={36} />
              {!compact && (
                <div className={styles.userText}>
                  <span className={styles.userName}>{user.username}</span>
                  <span className={styles.userRole}>{chrome.roleLabel}</span>
                </div>
              )}
            </div>
          )}
        </nav>
        <main
          className={styles.main}
          data-full-bleed={fullBleed || undefined}
          data-grid={gridPage || undefined}
        >
          <div className={styles.content}>
            {/* A phone conversation keeps its height for messages; the banners wait in the inbox. */}
            {!immersive && <BannerArea />}
            <SeatGuard>{children}</SeatGuard>
          </div>
        </main>
      </div>
      <nav className={styles.tabbar} aria-label="Main">
        <NavLinks routes={chrome.tabbar} variant="tabbar" />
      </nav>
      <NewFanNotices />
      <SeatEndedNotice />
      <Toaster />
    </div>
  );
}
