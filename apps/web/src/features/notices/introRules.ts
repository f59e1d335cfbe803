import type { IntroKind, User } from '@parlor/contract';

/** What one area intro says: a title, one line on what the area does, and its key actions. */
export interface IntroContent {
  title: string;
  text: string;
  actions: string[];
}

type Audience = 'fan' | 'creator';

const CONTENT: Record<IntroKind, Record<Audience, IntroContent>> = {
  discover: {
    fan: {
      title: 'Welcome to Discover',
      text: 'Browse creators and find someone you would like to chat with.',
      actions: [
        "Tap a card to open a creator's profile",
        'Start a chat from her profile',
        'Follow creators to see their posts in your feed',
      ],
    },
    creator: {
      title: 'Welcome to Discover',
      text: 'This is where fans find creators. Your own profile shows here once it is visible.',
      actions: [
        'See how other creators present themselves',
        'Boost your profile to rank higher for a day',
        'Keep your photo and bio fresh to get more chats',
      ],
    },
  },
  messenger: {
    fan: {
      title: 'Your chats',
      text: 'Every conversation you have with a creator is kept here.',
      actions: [
        'Open a chat to carry on talking',
        'Filter and search your chats',
        'Find new creators in Discover',
      ],
    },
    creator: {
      title: 'Your chats',
      text: 'Every fan who writes to you is here, the newest first.',
      actions: [
        'Answer fans: paid messages and tips are your earnings',
        'Filter by fans, unread and more',
        'Select several chats to hide or delete them at once',
      ],
    },
  },
  chat: {
    fan: {
      title: 'Chatting with a creator',
      text: 'Write to her here. Photos and videos with a price unlock with your credits.',
      actions: ['Send a message', 'Send a tip to say thanks', 'Unlock paid photos and videos with credits'],
    },
    creator: {
      title: 'Chatting with a fan',
      text: 'Write, and send photos and videos: free, or with a price the fan pays to unlock.',
      actions: [
        'Attach a photo or video and set a price to sell it',
        'Send media you use often from your vault',
        'See what this fan has bought in the fan panel',
      ],
    },
  },
  account: {
    fan: {
      title: 'Your account',
      text: 'Your credits, purchases, subscriptions and settings, all in one place.',
      actions: ['Buy credits', 'See what you have bought', 'Change your privacy and notifications'],
    },
    creator: {
      title: 'Your account',
      text: 'Your earnings, payouts, vault, referrals and settings, all in one place.',
      actions: [
        'Check your earnings and ask for a payout',
        'Keep your media in the vault',
        'Edit your profile and privacy settings',
      ],
    },
  },
  profile: {
    fan: {
      title: 'Your profile',
      text: 'This is how creators see you.',
      actions: ['Choose a profile photo', 'Pick your username'],
    },
    creator: {
      title: 'Your profile',
      text: 'This is what fans see before they write to you.',
      actions: [
        'Add a clear profile photo: without one you are invisible',
        'Write a short bio about yourself',
        'Set your subscription price',
      ],
    },
  },
};

export function introContent(intro: IntroKind, type: User['type']): IntroContent {
  return CONTENT[intro][type === 'featured' ? 'creator' : 'fan'];
}

/**
 * Which area intro a path is the first visit of: Discover, the inbox (messenger), one conversation
 * (chat), Account, and for a creator her own profile page or the profile editor. Null elsewhere.
 */
export function introForPath(pathname: string, user: Pick<User, 'type' | 'username'>): IntroKind | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/discover') return 'discover';
  if (path === '/chats') return 'messenger';
  if (/^\/chats\/[^/]+$/.test(path)) return 'chat';
  if (path === '/account') return 'account';
  if (user.type !== 'featured') return null;
  if (path === '/account/edit-profile') return 'profile';
  const own = /^\/([^/]+)$/.exec(path);
  if (own && decodeURIComponent(own[1] ?? '').toLowerCase() === user.username.toLowerCase()) return 'profile';
  return null;
}

/**
 * Whether an area's intro opens now: not seen yet, and not over onboarding. The sheet after
 * sign-up (the email code) is onboarding's one step, so no intro stacks on it, nor follows it on
 * the screen it was shown on (`heldOn`); the next area the newcomer opens has its intro as usual.
 */
export function showsIntro(
  intro: IntroKind | null,
  seen: readonly IntroKind[],
  at: { pathname: string; onboarding: boolean; heldOn: string | null },
): intro is IntroKind {
  return intro !== null && !seen.includes(intro) && !at.onboarding && at.heldOn !== at.pathname;
}

export const introPopupId = (intro: IntroKind) => `intro-${intro}`;
export const globalNoticePopupId = (noticeId: string) => `global-notice-${noticeId}`;
