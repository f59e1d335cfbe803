import { describe, expect, it } from 'vitest';
import { defineRoute, matchablePath, readQuery, routeMatches } from './routing';

describe('route definitions', () => {
  it('lowercases the name for the default path', () => {
    expect(defineRoute('Chats').path).toBe('/chats');
  });

  it('turns spaces into dashes', () => {
    expect(defineRoute('Get Credits').path).toBe('/get-credits');
  });

  it('removes dashes of the name before turning spaces into dashes', () => {
    expect(defineRoute('Pay-Outs History').path).toBe('/payouts-history');
  });

  it('removes dots and commas', () => {
    expect(defineRoute('Terms, Privacy.').path).toBe('/terms-privacy');
    expect(defineRoute('St. Louis').path).toBe('/st-louis');
  });

  it('defaults to no flags and an internal link, and keeps a given path', () => {
    expect(defineRoute('Get Credits')).toEqual({
      name: 'Get Credits',
      path: '/get-credits',
      flags: [],
      linkType: 'internal',
    });
    const route = defineRoute('Chat', { path: '/chats/:userId', flags: ['warning'], linkType: 'button' });
    expect(route.path).toBe('/chats/:userId');
    expect(route.flags).toEqual(['warning']);
    expect(route.linkType).toBe('button');
  });

  it("reduces a path containing '/:' to the part before it", () => {
    expect(matchablePath('/chats/:userId')).toBe('/chats');
    expect(matchablePath('/a/:b/:c')).toBe('/a');
    expect(matchablePath('/account/settings')).toBe('/account/settings');
  });
});

describe('route matching', () => {
  const chats = defineRoute('Chats');
  const chat = defineRoute('Chat', { path: '/chats/:userId' });

  it('matches the same path with or without a trailing slash', () => {
    expect(routeMatches(chats, '/chats')).toBe(true);
    expect(routeMatches(chats, '/chats/')).toBe(true);
    expect(routeMatches(defineRoute('Home', { path: '/' }), '/')).toBe(true);
  });

  it('does not match another path', () => {
    expect(routeMatches(chats, '/chats/42')).toBe(false);
    expect(routeMatches(chats, '/chat')).toBe(false);
    expect(routeMatches(chats, '/discover')).toBe(false);
  });

  it('matches a parameterised route on the part before the parameter', () => {
    expect(routeMatches(chat, '/chats')).toBe(true);
    expect(routeMatches(chat, '/chats/')).toBe(true);
  });

  it('exact matching compares the full route path as written', () => {
    expect(routeMatches(chat, '/chats', true)).toBe(false);
    expect(routeMatches(chat, '/chats/:userId', true)).toBe(true);
    expect(routeMatches(chats, '/chats/', true)).toBe(true);
  });

  it('reads query strings as key/value pairs', () => {
    expect(readQuery('?3ds=success&paymentType=credits&amount=100')).toEqual({
      '3ds': 'success',
      paymentType: 'credits',
      amount: '100',
    });
    expect(readQuery('')).toEqual({});
  });
});
