import { type ActingMember, SEAT_ACCESS } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { chromeFor } from '../shell/nav';
import { seatAllows, seatHas, seatHome, seatMayOpen } from './seatAccess';

// A team seat sees only what its permissions reach: the nav, the account menu and any screen
// opened from a link follow the contract's seat table, so a seat never meets a 403.

const seat = (...permissions: ActingMember['permissions']) => ({
  acting_member: { _id: 'm1', username: 'bob', permissions },
});

describe('what a team seat may do', () => {
  it('allows everything to the account holder herself', () => {
    expect(seatAllows({}, 'requestPayout')).toBe(true);
    expect(seatAllows(null, 'listTeamMembers')).toBe(true);
    expect(seatHas({}, 'paid')).toBe(true);
  });

  it('never lets a seat reach payouts, the password, sessions, deletion, the team or spending', () => {
    const all = seat('chats', 'paid', 'broadcasts', 'automessages', 'vault', 'feed', 'earnings');
    for (const name of [
      'requestPayout',
      'listPayouts',
      'updatePayoutDefaults',
      'changePassword',
      'listSessions',
      'scheduleDeletion',
      'listTeamMembers',
      'createTeamInvite',
      'pay',
      'sendTip',
      'buyMessage',
      'pushSubscribe',
    ] as const) {
      expect(SEAT_ACCESS[name]).toBe('never');
      expect(seatAllows(all, name)).toBe(false);
    }
  });

  it('follows the permissions for the rest', () => {
    expect(seatAllows(seat('chats'), 'sendMessage')).toBe(true);
    expect(seatAllows(seat('chats'), 'changeRate')).toBe(false);
    expect(seatAllows(seat('paid'), 'changeRate')).toBe(true);
    expect(seatAllows(seat('vault'), 'listChats')).toBe(false);
    expect(seatAllows(seat('broadcasts'), 'listChats')).toBe(true);
    expect(seatHas(seat('chats'), 'paid')).toBe(false);
  });

  it("hides the screens a seat cannot work in, the account's settings first", () => {
    const chats = ['chats'] as const;
    for (const path of [
      '/account/settings/payouts',
      '/account/settings/password',
      '/account/settings/security',
      '/account/settings/sessions',
      '/account/settings/privacy',
      '/account/settings/team',
      '/account/settings/team/stats',
      '/account/edit-profile',
      '/account/get-credits',
      '/account/purchases',
      '/account/earnings/summary',
      '/account/vault',
      '/broadcast',
      '/admin/users',
      '/team/join',
    ]) {
      expect(seatMayOpen(path, chats), path).toBe(false);
    }
    for (const path of ['/chats', '/chats/u1', '/account', '/discover']) {
      expect(seatMayOpen(path, chats), path).toBe(true);
    }
    expect(seatMayOpen('/account/earnings/summary', ['earnings'])).toBe(true);
    expect(seatMayOpen('/account/vault', ['vault'])).toBe(true);
    // Broadcasts see the inbox's list but open no conversation.
    expect(seatMayOpen('/chats', ['broadcasts'])).toBe(true);
    expect(seatMayOpen('/chats/u1', ['broadcasts'])).toBe(false);
  });

  it('leaves out of a creator seat’s navigation what it may not open', () => {
    const creator = chromeFor({ type: 'featured', role: 'user' });
    const names = (permissions: ActingMember['permissions']) =>
      creator.sidebar.filter((r) => seatMayOpen(r.path, permissions)).map((r) => r.name);
    expect(names(['chats'])).toEqual(['Chats', 'Discover', 'Account']);
    expect(names(['chats', 'vault', 'earnings', 'feed'])).toEqual([
      'Chats',
      'Feed',
      'Vault',
      'Earnings',
      'Discover',
      'Account',
    ]);
  });

  it('shows lists to a seat that works the inbox or broadcasts, and saved replies to one with chats', () => {
    for (const permissions of [['chats'], ['broadcasts']] as const) {
      expect(seatMayOpen('/lists', permissions)).toBe(true);
      expect(seatMayOpen('/lists/l1', permissions)).toBe(true);
      expect(seatAllows(seat(...permissions), 'addListMembers')).toBe(true);
    }
    expect(seatMayOpen('/lists', ['vault', 'feed'])).toBe(false);
    expect(seatMayOpen('/account/settings/saved-replies', ['chats'])).toBe(true);
    expect(seatMayOpen('/account/settings/saved-replies', ['broadcasts'])).toBe(false);
    expect(seatAllows(seat('broadcasts'), 'listSavedReplies')).toBe(false);
  });

  it('opens a seat in the inbox, or in the account for a seat without one', () => {
    expect(seatHome(['chats'])).toBe('/chats');
    expect(seatHome(['vault'])).toBe('/account');
  });
});
