import { Link } from 'react-router';
import { useAppSelector } from '../../platform/hooks';
import { Card } from '../../ui/Card';
import { selectUser } from '../auth/authSlice';
import { seatMayOpen } from '../team/seatAccess';
import styles from './AccountMenu.module.css';

/** The account menu: every account screen, one tap from /account. */
export function AccountMenu() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const items = [
    { to: '/account/edit-profile', label: 'Edit profile', note: 'Photo, username and bio' },
    { to: '/account/settings/privacy', label: 'Privacy', note: 'Visibility, your data and account deletion' },
    { to: '/account/settings/notifications', label: 'Notifications', note: 'What we email you about' },
    { to: '/account/settings/sessions', label: 'Sessions', note: 'Devices signed in to your account' },
    { to: '/account/settings/password', label: 'Password', note: 'Change the password you sign in with' },
    { to: '/account/settings/security', label: 'Security', note: 'Two-factor sign-in and passkeys' },
    { to: '/account/settings/storage', label: 'Storage', note: 'Your uploads and your vault' },
    ...(user.type === 'featured'
      ? [
          { to: '/account/earnings/summary', label: 'Earnings', note: 'What you earn, payouts and exports' },
          { to: '/account/vault', label: 'Vault', note: 'Your photos and videos, to send or delete' },
          { to: '/lists', label: 'Lists', note: 'Groups of fans, as inbox tabs and broadcast audiences' },
          {
            to: '/account/settings/saved-replies',
            label: 'Saved replies',
            note: 'Answers you send again, typed with / in a chat',
          },
          { to: '/account/settings/payouts', label: 'Payout details', note: 'Where your earnings go' },
          {
            to: '/account/settings/team',
            label: 'Team',
            note: 'People who work your inbox, and their figures',
          },
        ]
      : user.role === 'admin'
        ? // An admin neither buys nor applies: their work is the console below.
          []
        : [
            { to: '/account/purchases', label: 'Purchases', note: 'What you unlocked in chats and posts' },
            {
              to: '/account/settings/spending',
              label: 'Spending',
              note: 'Ask before spending above an amount',
            },
            { to: '/account/become-creator', label: 'Become a creator', note: 'Apply and verify your ID' },
          ]),
    // An admin runs the platform: the console instead of referral earnings.
    ...(user.role === 'admin'
      ? [{ to: '/admin', label: 'Moderation', note: 'Applications, ID checks, reports, payouts' }]
      : [{ to: '/account/referrals', label: 'Referrals', note: 'Invite people and earn from them' }]),
  ];
  // A team seat sees only what its permissions reach (none of the account's own settings).
  const seat = user.acting_member;
  const shown = seat ? items.filter((item) => seatMayOpen(item.to, seat.permissions)) : items;
  if (shown.length === 0) return null;
  return (
    <Card as="nav" tight aria-label="Account menu">
      <ul className={styles.list}>
        {shown.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.item}>
              <span className={styles.label}>{item.label}</span>
              <span className={styles.note}>{item.note}</span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
