import type { ReactNode } from 'react';
import { ChatIcon, CoinsIcon, ShieldIcon } from '../../ui/icons';
import { Wordmark } from '../../ui/Wordmark';
import styles from './AuthLayout.module.css';

const TAGLINE = 'Chat with the creators you love';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** Sign-in and sign-up frame: a centred card; from 1024 px a brand panel beside it. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <aside className={styles.brand} aria-label="About Parlor">
        <Wordmark size={36} onDark />
        <div className={styles.brandBody}>
          <p className={styles.headline}>{TAGLINE}.</p>
          <p className={styles.lead}>
            Private conversations, exclusive photos and videos, straight from the people you follow.
          </p>
          <ul className={styles.points}>
            <li>
              <span className={styles.pointIcon}>
                <ChatIcon size={20} />
              </span>
              One-to-one chats with creators
            </li>
            <li>
              <span className={styles.pointIcon}>
                <CoinsIcon size={20} />
              </span>
              Unlock only what you want, with credits
            </li>
            <li>
              <span className={styles.pointIcon}>
                <ShieldIcon size={20} />
              </span>
              Secure payments, private by default
            </li>
          </ul>
        </div>
        <p className={styles.brandFoot}>Creators: get paid for every conversation.</p>
      </aside>
      <main className={styles.main}>
        <div className={styles.mobileBrand}>
          <Wordmark size={40} />
          <p className={styles.tagline}>{TAGLINE}</p>
        </div>
        <section className={styles.card} aria-labelledby="auth-title">
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
          <div className={styles.body}>{children}</div>
          <div className={styles.footer}>{footer}</div>
        </section>
      </main>
    </div>
  );
}
