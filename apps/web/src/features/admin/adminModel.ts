import {
  type AdminAuditEntry,
  type AdminQueueCounts,
  type AdminTargetRefusal,
  type AdminUser,
  type AdminUserAction,
  adminTargetRefusal,
  type FeatureFlag,
} from '@parlor/contract';

// What the console offers on an account, and what each action asks for before it runs.

export type ActionInput = 'reason' | 'message' | 'discover' | 'none';

export interface ActionSpec {
  label: string;
  /** The confirmation's question. */
  confirm: string;
  input: ActionInput;
  /** The input must be filled (a ban's reason is shown to the user in the terminated popup). */
  required?: boolean;
  danger?: boolean;
}

export const ACTIONS: Record<AdminUserAction, ActionSpec> = {
  approve: {
    label: 'Approve creator',
    confirm: 'Approve this creator and show them in Discover?',
    input: 'none',
  },
  deny: {
    label: 'Deny creator',
    confirm: 'Deny this creator? Their profile leaves Discover.',
    input: 'none',
    danger: true,
  },
  'approve-id': { label: 'Approve ID', confirm: 'Approve these ID documents?', input: 'none' },
  'reject-id': {
    label: 'Reject ID',
    confirm: 'Reject the ID check for good?',
    input: 'reason',
    danger: true,
  },
  'retake-id': { label: 'Ask for retake', confirm: 'Ask for new ID photos?', input: 'reason' },
  'approve-enquiry': { label: 'Approve application', confirm: 'Make this fan a creator?', input: 'none' },
  'reject-enquiry': {
    label: 'Reject application',
    confirm: 'Reject this application? The user can never apply again.',
    input: 'reason',
    danger: true,
  },
  ban: {
    label: 'Ban',
    confirm: 'Ban this account? Every session ends at once.',
    input: 'reason',
    required: true,
    danger: true,
  },
  unban: { label: 'Unban', confirm: 'Lift the ban?', input: 'none' },
  freeze: {
    label: 'Freeze',
    confirm: 'Freeze this account? Reading works, every action is refused.',
    input: 'message',
    danger: true,
  },
  unfreeze: { label: 'Unfreeze', confirm: 'Unfreeze this account?', input: 'none' },
  warn: { label: 'Warn', confirm: 'Warn this user that they have been reported?', input: 'reason' },
  discover: { label: 'Discover status', confirm: 'Set the Discover status', input: 'discover' },
  'force-discover': {
    label: 'Force into Discover',
    confirm: 'Show this profile in Discover whatever its status?',
    input: 'none',
  },
  penalise: {
    label: 'Penalise',
    confirm: 'Penalise this account (lower visibility, punishment alert)?',
    input: 'none',
    danger: true,
  },
  'dismiss-reports': {
    label: 'Dismiss reports',
    confirm: 'Close the open reports against this user?',
    input: 'none',
  },
};

/** The actions that make sense for an account in its present state, most likely first. */
export function actionsFor(user: AdminUser): AdminUserAction[] {
  const list: AdminUserAction[] = [];
  if (user.application_status === 'pending') list.push('approve-enquiry', 'reject-enquiry');
  if (user.id_verification_status === 'in_progress') list.push('approve-id', 'retake-id', 'reject-id');
  if (user.type === 'featured' && (user.requires_moderation || user.discover_status !== 'featured'))
    list.push('approve');
  if (user.type === 'featured' && user.discover_status !== 'denied') list.push('deny');
  if (user.open_reports > 0) list.push('warn', 'dismiss-reports');
  list.push(user.frozen ? 'unfreeze' : 'freeze', user.banned ? 'unban' : 'ban');
  if (user.type === 'featured') list.push('discover', 'force-discover');
  list.push('penalise');
  if (user.open_reports === 0) list.push('warn');
  return list;
}

/**
 * Why the console offers no action on this account (the server refuses them with the same words):
 * it is the signed-in admin, another admin, or the platform's own account.
 */
export const refusalFor = (user: AdminUser, adminId: string | undefined): AdminTargetRefusal | null =>
  adminTargetRefusal({ id: user._id, role: user.role, platform: user.platform }, adminId ?? '');

/** Short state labels shown beside a name. */
export function badgesOf(
  user: AdminUser,
): { text: string; tone: 'danger' | 'warning' | 'info' | 'success' | 'muted' }[] {
  const badges: ReturnType<typeof badgesOf> = [];
  badges.push({ text: user.type === 'featured' ? 'Creator' : 'Fan', tone: 'muted' });
  if (user.role === 'admin') badges.push({ text: 'Admin', tone: 'info' });
  if (user.banned) badges.push({ text: 'Banned', tone: 'danger' });
  if (user.frozen) badges.push({ text: 'Frozen', tone: 'warning' });
  if (user.id_verified) badges.push({ text: 'ID verified', tone: 'success' });
  else if (user.id_verification_status)
    badges.push({ text: `ID ${user.id_verification_status.replace('_', ' ')}`, tone: 'info' });
  if (user.application_status === 'pending') badges.push({ text: 'Applied', tone: 'info' });
  if (user.type === 'featured')
    badges.push({
      text: `Discover: ${user.discover_status}`,
      tone: user.discover_status === 'featured' ? 'success' : 'muted',
    });
  if (user.force_discover) badges.push({ text: 'Forced in Discover', tone: 'info' });
  if (user.punishment_alert) badges.push({ text: 'Penalised', tone: 'warning' });
  if (user.open_reports > 0)
    badges.push({ text: `${user.open_reports} report${user.open_reports > 1 ? 's' : ''}`, tone: 'danger' });
  // Texts sent anyway after the payment warning: talk of paying outside the platform.
  if (user.payment_warnings > 0)
    badges.push({
      text: `${user.payment_warnings} payment warning${user.payment_warnings > 1 ? 's' : ''} ignored`,
      tone: 'warning',
    });
  return badges;
}

/**
 * Whom a row is about, by name: the account, or a payout with its creator's name. The ids stay in
 * the cell's title, to copy.
 */
export function targetText(e: Pick<AdminAuditEntry, 'target_type' | 'target_id' | 'target_username'>) {
  if (!e.target_username) return `${e.target_type} ${e.target_id}`;
  return e.target_type === 'payout'
    ? `Payout ${e.target_id} of @${e.target_username}`
    : `@${e.target_username}`;
}

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string) => DATE.format(new Date(iso));

export const ADMIN_TABS = [
  { key: 'applications', label: 'Applications' },
  { key: 'id-verifications', label: 'ID checks' },
  { key: 'reports', label: 'Reports' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'aml', label: 'AML' },
  { key: 'users', label: 'Users' },
  { key: 'audit', label: 'Audit log' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

/** Which count a tab shows: the queues have one, Users and the audit log none. */
const COUNT_OF: Partial<Record<AdminTab, keyof AdminQueueCounts>> = {
  applications: 'applications',
  'id-verifications': 'id_verifications',
  reports: 'reports',
  payouts: 'payouts',
  aml: 'aml',
};

/** A tab's count as its badge reads: none before the counts load, "99+" past 99. */
export function tabCount(counts: AdminQueueCounts | null, tab: AdminTab): string | null {
  const key = COUNT_OF[tab];
  if (!counts || !key) return null;
  const n = counts[key];
  return n > 99 ? '99+' : String(n);
}

export function tabOf(pathname: string): AdminTab {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0];
  return ADMIN_TABS.find((t) => t.key === segment)?.key ?? 'applications';
}

/**
 * What each feature flag turns on, as the console names it (docs/feature-flags.md), in the
 * console's order: areas, Discover, what the app shows, payments, then the payout methods.
 */
export const FEATURE_FLAG_LABELS: Record<FeatureFlag, { label: string; description: string }> = {
  broadcast: { label: 'Broadcast', description: 'A creator’s Broadcast area: one message to many fans.' },
  vault: { label: 'Vault', description: 'A creator’s vault screen and sending from it.' },
  tips: { label: 'Tips', description: 'Sending tips, and receiving them as a creator.' },
  no_discover: { label: 'Hidden from Discover', description: 'On: the profile is not listed in Discover.' },
  discover_cards: {
    label: 'Suggested cards',
    description: 'The “Suggested for you” card stack in Discover.',
  },
  usd_content: {
    label: 'Dollar prices',
    description: 'Content prices shown with their value in US dollars.',
  },
  exclusive_content_banner: {
    label: 'Exclusive content banner',
    description: 'The banner inviting a creator to post for subscribers only.',
  },
  force_free_chats: {
    label: 'Free chats',
    description: 'A fan who bought nothing may open a few chats before buying.',
  },
  crypto_payment: { label: 'Crypto top-ups', description: 'Buying credits with crypto.' },
  credit_package_sales_commissions: {
    label: 'Package commissions',
    description: '10 % of the credit packages bought by fans this account referred.',
  },
  bank_transfer: { label: 'Bank transfer payouts', description: 'Payouts to a bank account (IBAN).' },
  paypal_transfer: { label: 'PayPal payouts', description: 'Payouts to a PayPal account.' },
  paxum_transfer: { label: 'Paxum payouts', description: 'Payouts to a Paxum account.' },
  crypto_transfer: { label: 'Crypto payouts', description: 'Payouts to a crypto wallet.' },
};
