import type { ReactNode } from 'react';
import styles from './Banner.module.css';
import { CloseIcon } from './icons';

export type BannerTone = 'info' | 'warning' | 'promo';

interface BannerProps {
  title: string;
  text?: ReactNode;
  tone?: BannerTone;
  icon?: ReactNode;
  action?: ReactNode;
  onDismiss?: (() => void) | undefined;
}

/** One notice strip above a screen's content. */
export function Banner({ title, text, tone = 'info', icon, action, onDismiss }: BannerProps) {
  return (
    <section className={`${styles.banner} ${styles[tone]}`} aria-label={title}>
      {icon && <span className={styles.icon}>{icon}</span>}
      <div className={styles.content}>
        <p className={styles.title}>{title}</p>
        {text && <p className={styles.text}>{text}</p>}
      </div>
      {action && <div className={styles.action}>{action}</div>}
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={`Dismiss: ${title}`}>
          <CloseIcon size={18} />
        </button>
      )}
    </section>
  );
}
