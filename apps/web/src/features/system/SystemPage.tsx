import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/Button';
import { Wordmark } from '../../ui/Wordmark';
import styles from './SystemPage.module.css';

interface SystemPageProps {
  icon: ReactNode;
  tone?: 'accent' | 'success' | 'danger';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The frame of the stand-alone screens (maintenance, unban, 3-D Secure return, mobile, branch). */
export function SystemPage({ icon, tone = 'accent', title, children, actions }: SystemPageProps) {
  return (
    <main className={styles.page}>
      <Wordmark size={36} />
      <section className={styles.card} aria-labelledby="system-title">
        <div className={`${styles.icon} ${styles[tone]}`}>{icon}</div>
        <h1 id="system-title" className={styles.title}>
          {title}
        </h1>
        {children && <div className={styles.text}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
    </main>
  );
}

/** A link styled as the page's main button. */
export function PrimaryLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Link to={to} state={state} className={buttonClass('primary', 'large', true)}>
      {children}
    </Link>
  );
}
