import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import styles from './settings.module.css';

/** The account menu: every account screen, one tap from /account. */
export function AccountMenu() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const items = [
    { to: '/account/edit-profile', label: 'Edit profile', note: 'Photo, username and bio' },
    { to: '/account/settings/privacy', label: 'Privacy', note: 'Visibility and account deletion' },
    { to: '/account/settings/notifications', label: 'Notifications', note: 'What we email you about' },
    ...(user.type === 'featured'
      ? [{ to: '/account/settings/payouts', label: 'Payout details', note: 'Where your earnings go' }]
      : []),
  ];
  return (
    <nav className={`${styles.card} ${styles.menu}`} aria-label="Account menu">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.menuItem}>
              <span className={styles.menuLabel}>{item.label}</span>
              <span className={styles.muted}>{item.note}</span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
