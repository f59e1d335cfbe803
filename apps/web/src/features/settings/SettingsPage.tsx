import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import styles from './SettingsPage.module.css';

/** A settings screen: the way back to the account menu, its title, then its cards one under another. */
export function SettingsPage({
  children,
  ...header
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Link to="/account" className={styles.back}>
        ← Account
      </Link>
      <PageHeader {...header} />
      <div className={styles.stack}>{children}</div>
    </>
  );
}
