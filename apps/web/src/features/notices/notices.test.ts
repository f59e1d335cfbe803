import type { IntroKind, PlatformNotice } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { pushPopup } from '../popups/popupsSlice';
import { introContent, introForPath, showsIntro } from './introRules';
import { loadIntros, markIntroSeen } from './noticesSlice';

const fan = { type: 'user' as const, username: 'pat' };
const creator = { type: 'featured' as const, username: 'Mila' };

describe('area intros', () => {
  it('knows which area a path is the first visit of', () => {
    expect(introForPath('/discover', fan)).toBe('discover');
    expect(introForPath('/chats', fan)).toBe('messenger');
    expect(introForPath('/chats/', fan)).toBe('messenger');
    expect(introForPath('/chats/5f0c', fan)).toBe('chat');
    expect(introForPath('/account', fan)).toBe('account');
    expect(introForPath('/account/settings/privacy', fan)).toBeNull();
    expect(introForPath('/feed', fan)).toBeNull();
    // A creator's own profile, as a page or in the editor; not someone else's, not for a fan.
    expect(introForPath('/mila', creator)).toBe('profile');
    expect(introForPath('/account/edit-profile', creator)).toBe('profile');
    expect(introForPath('/anna', creator)).toBeNull();
    expect(introForPath('/pat', fan)).toBeNull();
    expect(introForPath('/account/edit-profile', fan)).toBeNull();
  });

  it('says something of its own to fans and to creators, with two or three key actions', () => {
    const kinds: IntroKind[] = ['discover', 'messenger', 'chat', 'account', 'profile'];
    for (const kind of kinds) {
      const forFan = introContent(kind, 'user');
      const forCreator = introContent(kind, 'featured');
      expect(forFan.text).not.toBe(forCreator.text);
      for (const c of [forFan, forCreator]) {
        expect(c.actions.length).toBeGreaterThanOrEqual(2);
        expect(c.actions.length).toBeLessThanOrEqual(3);
      }
    }
    expect(introContent('chat', 'user').text).toContain('credits');
    expect(introContent('chat', 'featured').actions.join(' ')).toContain('price');
  });

  it('neither stacks on the sheet after sign-up nor follows it on that screen; the next area has its own', () => {
    const seen: IntroKind[] = [];
    // The code sheet is open on the inbox: no intro on top of it.
    expect(showsIntro('messenger', seen, { pathname: '/chats', onboarding: true, heldOn: '/chats' })).toBe(
      false,
    );
    // Closed: still none on the inbox, where it was the one step.
    expect(showsIntro('messenger', seen, { pathname: '/chats', onboarding: false, heldOn: '/chats' })).toBe(
      false,
    );
    // The newcomer opens Discover: its intro as usual.
    expect(showsIntro('discover', seen, { pathname: '/discover', onboarding: false, heldOn: '/chats' })).toBe(
      true,
    );
    expect(
      showsIntro('discover', ['discover'], { pathname: '/discover', onboarding: false, heldOn: null }),
    ).toBe(false);
  });

  it('keeps what the server says was seen, adds a closed intro at once, and starts over for another account', () => {
    const store = createStore();
    store.dispatch(loadIntros.pending('r1', 'u1'));
    store.dispatch(loadIntros.fulfilled({ enabled: true, seen: ['chat'] }, 'r1', 'u1'));
    expect(store.getState().notices).toMatchObject({
      userId: 'u1',
      loaded: true,
      enabled: true,
      seen: ['chat'],
    });
    store.dispatch(markIntroSeen.pending('r2', 'discover'));
    expect(store.getState().notices.seen).toEqual(['chat', 'discover']);
    // An answer for someone who is no longer signed in changes nothing.
    store.dispatch(loadIntros.pending('r3', 'u2'));
    store.dispatch(loadIntros.fulfilled({ enabled: true, seen: ['account'] }, 'r1', 'u1'));
    expect(store.getState().notices).toMatchObject({ userId: 'u2', loaded: false, seen: [] });
  });
});

describe('the global warning', () => {
  const notice: PlatformNotice = {
    _id: 'n1',
    message: 'Maintenance Sunday',
    created_at: '2026-11-23T10:00:00Z',
  };

  it('opens live, once, and closes when the admin clears it or replaces it', () => {
    const store = createStore();
    handleServerEvent(store, 'u1', 'global_notice', { notice });
    handleServerEvent(store, 'u1', 'global_notice', { notice });
    expect(store.getState().popups.stack).toEqual([
      { id: 'global-notice-n1', kind: 'globalNotice', props: { notice } },
    ]);
    const next = { ...notice, _id: 'n2', message: 'Moved to Monday' };
    handleServerEvent(store, 'u1', 'global_notice', { notice: next });
    expect(store.getState().popups.stack.map((p) => p.id)).toEqual(['global-notice-n2']);

    store.dispatch(pushPopup({ id: 'other', kind: 'basic', props: { title: 'Other' } }));
    handleServerEvent(store, 'u1', 'global_notice', { notice: null });
    expect(store.getState().popups.stack.map((p) => p.id)).toEqual(['other']);
    handleServerEvent(store, 'u1', 'global_notice', { notice: 'garbage' });
    expect(store.getState().popups.stack.map((p) => p.id)).toEqual(['other']);
  });
});
