import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';

// Kept fixed: every main screen of the app, opened as the demo user who uses it, for
// the screenshot comparison (screens-look.spec.ts) and the accessibility check
// (screens-accessible.spec.ts). A screen is ready when what it is about is on it; `mask` names
// what moves by itself (clock times, presence, dates relative to today, this run's port).

export const SIZES = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;

export type Who = 'signed-out' | 'fan' | 'creator' | 'admin';

/** The demo logins (apps/server/src/scripts/seed/demo.ts). */
const LOGIN: Record<Exclude<Who, 'signed-out'>, string> = { fan: 'alex', creator: 'mila', admin: 'admin' };

export interface Ids {
  /** The demo fan alex and the demo creator mila, who have a conversation. */
  fan: string;
  creator: string;
}

export interface Screen {
  name: string;
  who: Who;
  path: (ids: Ids) => string;
  ready: (page: Page) => Promise<void>;
  mask?: (page: Page) => Locator[];
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

function titled(name: string | RegExp, more?: (page: Page) => Locator) {
  return async (page: Page) => {
    await expect(h1(page, name)).toBeVisible();
    if (more) await expect(more(page).first()).toBeVisible();
  };
}

/** Times and presence move on every screen that has them. */
export const alwaysMasked = (page: Page) => [page.locator('time'), page.getByTestId('presence')];

export const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    who: 'signed-out',
    path: () => '/login',
    ready: titled('Welcome back', (p) => p.getByRole('button', { name: 'Sign in', exact: true })),
  },
  {
    name: 'sign-up',
    who: 'signed-out',
    path: () => '/login/signup',
    ready: titled('Create your account', (p) => p.getByRole('button', { name: 'Create account' })),
  },
  {
    name: 'fan-inbox',
    who: 'fan',
    path: () => '/chats',
    ready: titled(/^Chats/, (p) => p.getByText('Noted. Any plans for your next trip?')),
  },
  {
    name: 'fan-conversation',
    who: 'fan',
    path: (ids) => `/chats/${ids.creator}`,
    ready: async (page) => {
      await expect(
        page.getByRole('log', { name: 'Messages' }).getByText('Noted. Any plans for your next trip?'),
      ).toBeVisible();
    },
  },
  {
    name: 'discover',
    who: 'fan',
    path: () => '/discover',
    ready: titled('Discover', (p) => p.getByRole('link', { name: 'luna', exact: true })),
  },
  {
    name: 'fan-feed',
    who: 'fan',
    path: () => '/feed',
    ready: titled('Feed', (p) => p.getByTestId('feed-post')),
  },
  {
    name: 'creator-page',
    who: 'fan',
    path: () => '/mila',
    ready: titled('mila', (p) => p.getByTestId('feed-post')),
  },
  { name: 'fan-account', who: 'fan', path: () => '/account', ready: titled('Account') },
  {
    name: 'get-credits',
    who: 'fan',
    path: () => '/account/get-credits',
    ready: async (page) => {
      await expect(page.getByRole('radio', { name: '100 credits for $10.00' })).toBeVisible();
    },
  },
  { name: 'subscriptions', who: 'fan', path: () => '/account/subscriptions', ready: titled('Subscriptions') },
  { name: 'purchases', who: 'fan', path: () => '/account/purchases', ready: titled('Purchases') },
  {
    name: 'referrals',
    who: 'fan',
    path: () => '/account/referrals',
    ready: titled('Referrals'),
    // The invite link carries this run's address.
    mask: (page) => [page.getByRole('textbox', { name: 'Your referral link' })],
  },
  { name: 'edit-profile', who: 'fan', path: () => '/account/edit-profile', ready: titled('Edit profile') },
  { name: 'privacy', who: 'fan', path: () => '/account/settings/privacy', ready: titled('Privacy') },
  {
    name: 'notifications',
    who: 'fan',
    path: () => '/account/settings/notifications',
    ready: titled('Notifications'),
  },
  {
    name: 'sessions',
    who: 'fan',
    path: () => '/account/settings/sessions',
    ready: titled('Sessions', (p) => p.getByTestId('session')),
    // Every run signs in anew: how many sessions, from where and when differ.
    mask: (page) => [page.getByTestId('session')],
  },
  {
    name: 'security',
    who: 'fan',
    path: () => '/account/settings/security',
    ready: titled('Security', (p) => p.getByRole('button', { name: 'Turn on two-factor sign-in' })),
  },
  { name: 'storage', who: 'fan', path: () => '/account/settings/storage', ready: titled('Storage') },
  {
    name: 'become-creator',
    who: 'fan',
    path: () => '/account/become-creator',
    ready: titled('Become a creator'),
  },
  {
    name: 'creator-inbox',
    who: 'creator',
    path: () => '/chats',
    ready: titled(/^Chats/, (p) => p.getByText('Grey, as always. Send sunshine!')),
  },
  {
    name: 'creator-conversation',
    who: 'creator',
    path: (ids) => `/chats/${ids.fan}`,
    ready: async (page) => {
      await expect(
        page.getByRole('log', { name: 'Messages' }).getByText('Noted. Any plans for your next trip?'),
      ).toBeVisible();
    },
  },
  { name: 'broadcast', who: 'creator', path: () => '/broadcast', ready: titled('Broadcast') },
  {
    name: 'auto-messages',
    who: 'creator',
    path: () => '/auto-messages',
    ready: titled('Automatic messages'),
  },
  {
    name: 'lists',
    who: 'creator',
    path: () => '/lists',
    ready: titled('Lists', (p) => p.getByText('No lists yet')),
  },
  {
    name: 'saved-replies',
    who: 'creator',
    path: () => '/account/settings/saved-replies',
    ready: titled('Saved replies', (p) => p.getByText('No saved replies yet')),
  },
  { name: 'creator-feed', who: 'creator', path: () => '/feed', ready: titled('Feed') },
  {
    name: 'vault',
    who: 'creator',
    path: () => '/account/vault',
    ready: titled('Vault', (p) => p.getByRole('list', { name: 'Your vault' })),
  },
  {
    name: 'earnings',
    who: 'creator',
    path: () => '/account/earnings/summary',
    ready: titled('Earnings', (p) => p.getByTestId('earned-total')),
    // The chart's days are the last weeks up to today.
    mask: (page) => [page.getByTestId('earnings-chart')],
  },
  { name: 'creator-account', who: 'creator', path: () => '/account', ready: titled('Account') },
  {
    name: 'payouts',
    who: 'creator',
    path: () => '/account/settings/payouts',
    ready: titled('Payout details'),
  },
  {
    name: 'team',
    who: 'creator',
    path: () => '/account/settings/team',
    ready: titled('Team', (p) => p.getByText('Nobody has joined yet.')),
  },
  {
    name: 'team-stats',
    who: 'creator',
    path: () => '/account/settings/team/stats',
    // Cards on a phone, a table on a desktop: whichever shows.
    ready: titled('Team', (p) => p.getByText('Median reply').filter({ visible: true })),
    // The range ends today.
    mask: (page) => [page.getByLabel('From'), page.getByLabel('To')],
  },
  {
    name: 'admin-applications',
    who: 'admin',
    path: () => '/admin/applications',
    ready: titled('Moderation'),
  },
  { name: 'admin-account', who: 'admin', path: () => '/account', ready: titled('Account') },
  {
    name: 'admin-users',
    who: 'admin',
    path: () => '/admin/users',
    // One account: the demo's accounts share one creation time, so the whole list has no fixed order.
    ready: async (page) => {
      await expect(h1(page, 'Moderation')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search users' }).fill('mila');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('article', { name: /^Account / })).toHaveCount(1);
      await expect(page.getByRole('article', { name: 'Account mila' })).toBeVisible();
    },
  },
];

export interface Session {
  token: string;
  id: string;
}

export async function demoSessions(
  request: APIRequestContext,
): Promise<Record<Exclude<Who, 'signed-out'>, Session>> {
  const out = {} as Record<Exclude<Who, 'signed-out'>, Session>;
  for (const [who, login] of Object.entries(LOGIN) as [Exclude<Who, 'signed-out'>, string][]) {
    const res = await request.post('/v1/auth', { data: { login, password: 'password123' } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    out[who] = { token: body.access_token, id: body.user._id };
  }
  return out;
}

/**
 * A fixed-offset time zone in which it is now early afternoon. The demo's conversations began one
 * to a few hours ago: shortly after midnight they would straddle two days and show a day
 * separator that a picture taken at noon has not.
 */
function afternoonZone(now = new Date()): string {
  const offset = 14 - now.getUTCHours(); // from +14 (at 00:xx UTC) to -9 (at 23:xx UTC)
  if (offset === 0) return 'Etc/GMT';
  // The Etc zones' signs run the other way: Etc/GMT-14 is fourteen hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** A page of its own for `who` (signed in through the token the web client keeps). */
export async function pageFor(browser: Browser, baseURL: string | undefined, session?: Session) {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), timezoneId: afternoonZone() });
  const page = await context.newPage();
  if (session) {
    await page.addInitScript((token) => window.localStorage.setItem('auth-token', token), session.token);
  }
  return page;
}

/**
 * Waits for the pictures in view: a screenshot taken while one loads would differ. (A lazy picture
 * below the fold does not load at all, so only those in the viewport count.)
 */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => {
      const box = img.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      return !inView || img.complete;
    }),
  );
  // Layout settles (the inbox and conversation measure their panes).
  await page.waitForTimeout(400);
}

/**
 * The port of the screens' own server: fresh demo data on every run, whatever the other journeys
 * did to the shared server's. Not E2E_PORT + 60 (the lifecycle journey's) nor + 100 (the second
 * process on PostgreSQL).
 */
export const screensPort = (offset: number) => Number(process.env.E2E_PORT ?? 8090) + 70 + offset;
