import {
  type Card,
  DISCOVER_PAGE_SIZE,
  DISCOVER_QUERY_MAX,
  type DiscoverQuery,
  Gender,
  STORAGE_KEYS,
} from '@parlor/contract';

// Discover's pure rules: the filters and the query they make, where they are
// kept, and the suggested-cards stack. The slice and the screen only wire these up.

/** The localStorage key the gender choice is remembered under, on this device. */
export const DISCOVER_GENDER_FILTER_KEY = STORAGE_KEYS.discoverGender;
/** How long the search waits after the last keystroke before it asks the server. */
export const SEARCH_PAUSE_MS = 350;
/** The most cards the suggestion stack holds, and how many of them are shown at once. */
export const CARD_STACK_MAX = 10;
export const CARD_STACK_SHOWN = 3;
/** Where the ids of visited suggestions are kept, so a reload does not offer them again. */
export const CARD_HISTORY_KEY = 'discover-card-history';
/** The most visited ids remembered; the oldest are forgotten first. */
export const CARD_HISTORY_MAX = 200;

export interface DiscoverFilters {
  featured: boolean;
  q: string;
  near: boolean;
  genders: Gender[];
  /** `code_used`: only the creators who signed up with this code (a campaign's, an agency's); '' for all. */
  code: string;
}

export const DEFAULT_FILTERS: DiscoverFilters = { featured: true, q: '', near: false, genders: [], code: '' };

const GENDER_ORDER = Gender.options;

/** Genders in one order without repeats, so equal choices make equal queries. */
export function normalGenders(genders: readonly string[]): Gender[] {
  return GENDER_ORDER.filter((g) => genders.includes(g));
}

/** The first page's query: featured always, the other filters only when set; other travels as trans. */
export function discoverQuery(filters: DiscoverFilters): DiscoverQuery {
  const q = filters.q.trim().slice(0, DISCOVER_QUERY_MAX);
  const genders = normalGenders(filters.genders);
  return {
    offset: 0,
    limit: DISCOVER_PAGE_SIZE,
    featured: filters.featured ? 'true' : 'false',
    ...(q && { q }),
    ...(filters.near && { type: 'near' as const }),
    ...(genders.length > 0 && { gender: genders.map((g) => (g === 'other' ? 'trans' : g)).join(',') }),
    ...(filters.code && { code_used: filters.code }),
  };
}

/** One string per distinct list: a new key is a new list to load. */
export const filtersKey = (filters: DiscoverFilters) => JSON.stringify(discoverQuery(filters));

export const hasActiveFilters = (f: DiscoverFilters) =>
  !f.featured || f.near || f.q.trim() !== '' || f.genders.length > 0 || f.code !== '';

/** The stored gender choice: a comma list; anything unknown in it is dropped. */
export const parseStoredGenders = (stored: string | null): Gender[] =>
  normalGenders((stored ?? '').split(','));
export const storedGendersValue = (genders: readonly Gender[]) => normalGenders(genders).join(',');

/**
 * Featured, search, nearby and the code live in the address (shareable, kept by Back); gender does
 * not. Without a code in the address, the one the visit arrived with (`arrivalCode`) applies.
 */
export function filtersFromSearch(
  params: URLSearchParams,
  genders: Gender[],
  arrivalCode: string | null = null,
): DiscoverFilters {
  return {
    featured: params.get('featured') !== 'false',
    q: (params.get('q') ?? '').slice(0, DISCOVER_QUERY_MAX),
    near: params.get('near') === 'true',
    genders,
    code: (params.get('code') ?? arrivalCode ?? '').trim().slice(0, DISCOVER_QUERY_MAX),
  };
}

export function searchFromFilters(filters: DiscoverFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (!filters.featured) params.set('featured', 'false');
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.near) params.set('near', 'true');
  if (filters.code) params.set('code', filters.code);
  return params;
}

/** The picture a card shows: the avatar, else the first public feed item's image. */
export function cardImage(card: Pick<Card, 'avatar' | 'profileFeed'>): string | null {
  if (card.avatar) return card.avatar;
  for (const item of card.profileFeed) {
    const url = item.media?.st ?? item.media?.th;
    if (url) return url;
  }
  return null;
}

// The suggestion stack: cards are offered one after another; visiting the first
// moves it to history. Only creators' cards the user does not follow and has not seen join it.

/** The welcomed creator's card first (pinned while she is welcomed), the others in the server's order. */
export function pinFirst<C extends { _id: string }>(
  cards: readonly C[],
  pinnedId: string | null,
): readonly C[] {
  const pinned = pinnedId ? cards.find((c) => c._id === pinnedId) : undefined;
  return pinned ? [pinned, ...cards.filter((c) => c !== pinned)] : cards;
}

export interface CardStack {
  cards: Card[];
  /** The cards visited in this session, oldest first. */
  history: Card[];
  /** Ids of every card visited on this device by this user (history included). */
  seen: string[];
}

export const EMPTY_STACK: CardStack = { cards: [], history: [], seen: [] };

/** The stored history belongs to one user: `userId|id,id,…`; another user's reads as empty. */
export function parseCardHistory(stored: string | null, userId: string): string[] {
  const [owner, ids] = (stored ?? '').split('|');
  return owner === userId && ids ? ids.split(',').filter(Boolean) : [];
}
export const cardHistoryValue = (userId: string, seen: readonly string[]) =>
  `${userId}|${seen.slice(-CARD_HISTORY_MAX).join(',')}`;

/** Visits remembered from before: those cards leave the stack and are not added again. */
export function restoreSeen(stack: CardStack, ids: readonly string[]): CardStack {
  const seen = [...new Set([...ids, ...stack.seen])].slice(-CARD_HISTORY_MAX);
  return { ...stack, seen, cards: stack.cards.filter((c) => !seen.includes(c._id)) };
}

/** Cards offered only to male users whose discover_cards feature is on. */
export function offersCards(user: { gender: Gender | null } | null, discoverCards: boolean): boolean {
  return discoverCards && user?.gender === 'male';
}

export function addToStack(stack: CardStack, incoming: readonly Card[]): CardStack {
  const seen = new Set([...stack.cards.map((c) => c._id), ...stack.seen]);
  const cards = [...stack.cards];
  for (const card of incoming) {
    if (cards.length >= CARD_STACK_MAX) break;
    if (card.type !== 'featured' || card.is_followee || seen.has(card._id)) continue;
    seen.add(card._id);
    cards.push(card);
  }
  return cards.length === stack.cards.length ? stack : { ...stack, cards };
}

/** Visiting the first card moves it to history, and the next one comes up. */
export function markVisited(stack: CardStack): CardStack {
  const [first, ...rest] = stack.cards;
  if (!first) return stack;
  const seen = [...stack.seen.filter((id) => id !== first._id), first._id].slice(-CARD_HISTORY_MAX);
  return { cards: rest, history: [...stack.history, first], seen };
}
