import { type AdminUser, MODERATION_MESSAGES } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { testProviderConfig } from '../provider/providerConfigTestData';
import { ACTIONS, actionsFor, badgesOf, refusalFor, tabCount, tabOf, targetText } from './adminModel';

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  _id: 'u1',
  username: 'ann',
  email: 'ann@example.com',
  type: 'user',
  role: 'user',
  avatar_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  id_verified: false,
  id_verification_status: null,
  requires_moderation: false,
  discover_status: 'hidden',
  force_discover: false,
  punishment_alert: false,
  warning_reported: false,
  banned: false,
  ban_reason: null,
  frozen: false,
  frozen_message: null,
  application_status: 'none',
  open_reports: 0,
  payment_warnings: 0,
  platform: false,
  features: testProviderConfig().features,
  ...over,
});

describe('the actions offered on an account', () => {
  it("puts an applicant's decisions first, and the ID review when documents wait", () => {
    const list = actionsFor(user({ application_status: 'pending', id_verification_status: 'in_progress' }));
    expect(list.slice(0, 5)).toEqual([
      'approve-enquiry',
      'reject-enquiry',
      'approve-id',
      'retake-id',
      'reject-id',
    ]);
  });

  it('offers the opposite of the present state: unfreeze and unban, never both ways', () => {
    const list = actionsFor(user({ frozen: true, banned: true }));
    expect(list).toContain('unfreeze');
    expect(list).toContain('unban');
    expect(list).not.toContain('freeze');
    expect(list).not.toContain('ban');
  });

  it('offers report handling only when reports are open, and Discover settings only for creators', () => {
    expect(actionsFor(user({ open_reports: 2 }))).toContain('dismiss-reports');
    expect(actionsFor(user())).not.toContain('dismiss-reports');
    expect(actionsFor(user())).not.toContain('discover');
    expect(actionsFor(user({ type: 'featured', requires_moderation: true }))).toEqual(
      expect.arrayContaining(['approve', 'discover', 'force-discover']),
    );
  });

  it('asks a ban for a reason it cannot run without, and a freeze for the message', () => {
    expect(ACTIONS.ban).toMatchObject({ input: 'reason', required: true });
    expect(ACTIONS.freeze.input).toBe('message');
    expect(ACTIONS.discover.input).toBe('discover');
  });
});

describe('badges and tabs', () => {
  it('names the states an admin acts on', () => {
    const texts = badgesOf(user({ banned: true, frozen: true, open_reports: 1, punishment_alert: true })).map(
      (b) => b.text,
    );
    expect(texts).toEqual(expect.arrayContaining(['Banned', 'Frozen', '1 report', 'Penalised']));
    expect(badgesOf(user({ payment_warnings: 2 })).map((b) => b.text)).toContain(
      '2 payment warnings ignored',
    );
    expect(
      badgesOf(user({}))
        .map((b) => b.text)
        .join(),
    ).not.toMatch(/payment/);
  });

  it('reads the tab from the path, applications by default', () => {
    expect(tabOf('/admin')).toBe('applications');
    expect(tabOf('/admin/reports')).toBe('reports');
    expect(tabOf('/admin/audit/')).toBe('audit');
    expect(tabOf('/admin/nope')).toBe('applications');
  });
});

describe('accounts the console does not act on', () => {
  it('gives the reason for the signed-in admin, another admin and the platform account, none for a member', () => {
    expect(refusalFor(user({ _id: 'me' }), 'me')?.message).toBe(MODERATION_MESSAGES.cannotActOnSelf);
    expect(refusalFor(user({ role: 'admin' }), 'me')?.message).toBe(MODERATION_MESSAGES.cannotActOnAdmin);
    expect(refusalFor(user({ platform: true }), 'me')?.message).toBe(MODERATION_MESSAGES.cannotActOnPlatform);
    expect(refusalFor(user(), 'me')).toBeNull();
  });
});

describe('tab counts and audit targets', () => {
  const counts = { applications: 2, id_verifications: 0, reports: 140, payouts: 1, aml: 0 };

  it('shows each queue its count, capped at 99+, and no count on Users or the audit log', () => {
    expect(tabCount(counts, 'applications')).toBe('2');
    expect(tabCount(counts, 'id-verifications')).toBe('0');
    expect(tabCount(counts, 'reports')).toBe('99+');
    expect(tabCount(counts, 'users')).toBeNull();
    expect(tabCount(counts, 'audit')).toBeNull();
    expect(tabCount(null, 'reports')).toBeNull();
  });

  it('names an audit target by username, a payout with its creator, and falls back to the id', () => {
    expect(targetText({ target_type: 'user', target_id: 'u1', target_username: 'ann' })).toBe('@ann');
    expect(targetText({ target_type: 'payout', target_id: '7', target_username: 'mila' })).toBe(
      'Payout 7 of @mila',
    );
    expect(targetText({ target_type: 'notice', target_id: 'n1', target_username: null })).toBe('notice n1');
  });
});
