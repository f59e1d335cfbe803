import type { Card } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { feedMedia, feedPost } from '../feed/feedTestData';
import {
  addToStack,
  CARD_HISTORY_MAX,
  CARD_STACK_MAX,
  cardHistoryValue,
  cardImage,
  DEFAULT_FILTERS,
  DISCOVER_GENDER_FILTER_KEY,
  discoverQuery,
  EMPTY_STACK,
  filtersFromSearch,
  filtersKey,
  hasActiveFilters,
  markVisited,
  offersCards,
  parseCardHistory,
  parseStoredGenders,
  pinFirst,
  restoreSeen,
  searchFromFilters,
  storedGendersValue,
} from './discoverModel';
import { card } from './discoverTestData';

const ids = (cards: Card[]) => cards.map((c) => c._id);

describe('discover query', () => {
  it('asks for featured creators, 20 from offset 0, and adds no filter that is not set', () => {
    expect(discoverQuery(DEFAULT_FILTERS)).toEqual({ offset: 0, limit: 20, featured: 'true' });
  });

  it('sends nearby as type=near, other as trans, genders as one comma list, search trimmed', () => {
    expect(
      discoverQuery({
        featured: false,
        q: '  music ',
        near: true,
        genders: ['other', 'female', 'male'],
        code: '',
      }),
    ).toEqual({
      offset: 0,
      limit: 20,
      featured: 'false',
      q: 'music',
      type: 'near',
      gender: 'male,female,trans',
    });
  });

  it('gives the same key to the same choice made in another order', () => {
    const a = filtersKey({ ...DEFAULT_FILTERS, genders: ['female', 'male'] });
    expect(filtersKey({ ...DEFAULT_FILTERS, genders: ['male', 'female'] })).toBe(a);
    expect(filtersKey({ ...DEFAULT_FILTERS, q: 'x' })).not.toBe(a);
  });
});

describe('where filters are kept', () => {
  it('remembers genders under the discover gender filter key, dropping unknown values', () => {
    expect(DISCOVER_GENDER_FILTER_KEY).toBe('discover-gender-filter');
    expect(storedGendersValue(['other', 'female'])).toBe('female,other');
    expect(parseStoredGenders('female,trans,other,')).toEqual(['female', 'other']);
    expect(parseStoredGenders(null)).toEqual([]);
  });

  it('keeps featured, search and nearby in the address, featured on unless it says false', () => {
    const filters = { featured: false, q: 'luna', near: true, genders: [], code: '' };
    const params = searchFromFilters(filters);
    expect(params.toString()).toBe('featured=false&q=luna&near=true');
    expect(filtersFromSearch(params, ['male'])).toEqual({ ...filters, genders: ['male'] });
    expect(filtersFromSearch(new URLSearchParams(), [])).toEqual(DEFAULT_FILTERS);
    expect(searchFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });
});

describe('card picture', () => {
  it('is the avatar, else the first feed item with an image, else none', () => {
    expect(cardImage(card('a', { avatar: '/a.png' }))).toBe('/a.png');
    const feed = [feedPost('p1'), feedPost('p2', { type: 'image', media: feedMedia({ th: '/th.jpg' }) })];
    expect(cardImage(card('a', { profileFeed: feed }))).toBe('/th.jpg');
    expect(cardImage(card('a'))).toBeNull();
  });
});

describe('card stack', () => {
  it('is offered only to male users with the discover_cards feature', () => {
    expect(offersCards({ gender: 'male' }, true)).toBe(true);
    expect(offersCards({ gender: 'male' }, false)).toBe(false);
    expect(offersCards({ gender: 'female' }, true)).toBe(false);
    expect(offersCards({ gender: 'other' }, true)).toBe(false);
    expect(offersCards(null, true)).toBe(false);
  });

  it('adds only featured cards of creators not followed and not seen', () => {
    const notFeatured = { ...card('n'), type: 'user' } as unknown as Card;
    let stack = addToStack(EMPTY_STACK, [
      card('a'),
      card('f', { is_followee: true }),
      notFeatured,
      card('b'),
    ]);
    expect(ids(stack.cards)).toEqual(['a', 'b']);
    stack = addToStack(stack, [card('a'), card('b'), card('c')]);
    expect(ids(stack.cards)).toEqual(['a', 'b', 'c']);
  });

  it('moves the first card to history when it is visited, and never offers it again', () => {
    let stack = addToStack(EMPTY_STACK, [card('a'), card('b')]);
    stack = markVisited(stack);
    expect(ids(stack.cards)).toEqual(['b']);
    expect(ids(stack.history)).toEqual(['a']);
    stack = addToStack(stack, [card('a'), card('c')]);
    expect(ids(stack.cards)).toEqual(['b', 'c']);
    const done = markVisited(markVisited(markVisited(stack)));
    expect(ids(done.cards)).toEqual([]);
    expect(ids(done.history)).toEqual(['a', 'b', 'c']);
    expect(done.seen).toEqual(['a', 'b', 'c']);
  });

  it('does not offer again what was visited before a reload, for the same user only', () => {
    const stored = cardHistoryValue('me', ['a', 'b']);
    expect(parseCardHistory(stored, 'me')).toEqual(['a', 'b']);
    expect(parseCardHistory(stored, 'someone-else')).toEqual([]);
    expect(parseCardHistory(null, 'me')).toEqual([]);
    let stack = addToStack(EMPTY_STACK, [card('a'), card('c')]);
    stack = restoreSeen(stack, parseCardHistory(stored, 'me'));
    expect(ids(stack.cards)).toEqual(['c']);
    expect(ids(addToStack(stack, [card('b'), card('d')]).cards)).toEqual(['c', 'd']);
  });

  it('remembers at most CARD_HISTORY_MAX visits, forgetting the oldest', () => {
    const many = Array.from({ length: CARD_HISTORY_MAX + 1 }, (_, i) => `v${i}`);
    const stack = markVisited(restoreSeen(addToStack(EMPTY_STACK, [card('new')]), many));
    expect(stack.seen).toHaveLength(CARD_HISTORY_MAX);
    expect(stack.seen.at(-1)).toBe('new');
    expect(stack.seen).not.toContain('v0');
    expect(stack.seen).not.toContain('v1');
  });

  it('holds at most CARD_STACK_MAX cards', () => {
    const many = Array.from({ length: CARD_STACK_MAX + 5 }, (_, i) => card(`c${i}`));
    expect(addToStack(EMPTY_STACK, many).cards).toHaveLength(CARD_STACK_MAX);
  });
});

describe('the code a visitor came with (code_used)', () => {
  it("narrows Discover to that code's creators, from the address first, else from the arrival", () => {
    const fromAddress = filtersFromSearch(new URLSearchParams('code=agency7'), [], 'campaign');
    expect(fromAddress.code).toBe('agency7');
    expect(discoverQuery(fromAddress)).toMatchObject({ code_used: 'agency7' });
    const fromArrival = filtersFromSearch(new URLSearchParams(), [], 'campaign');
    expect(discoverQuery(fromArrival)).toMatchObject({ code_used: 'campaign' });
    expect(searchFromFilters(fromArrival).toString()).toBe('code=campaign');
    // A narrowed list counts as filtered: its empty state offers to clear it.
    expect(hasActiveFilters(fromArrival)).toBe(true);
    expect(discoverQuery(DEFAULT_FILTERS)).not.toHaveProperty('code_used');
  });
});

describe('the welcomed creator pinned', () => {
  it('puts her card first and keeps the others in order', () => {
    const cards = [card('a'), card('b'), card('c')];
    expect(pinFirst(cards, 'c').map((c) => c._id)).toEqual(['c', 'a', 'b']);
  });
  it('leaves the list as it is without a welcome, or when she is not on it', () => {
    const cards = [card('a'), card('b')];
    expect(pinFirst(cards, null)).toBe(cards);
    expect(pinFirst(cards, 'z').map((c) => c._id)).toEqual(['a', 'b']);
  });
});
