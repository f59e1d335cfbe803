import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /** Heading level: 1 when the empty state is the whole screen. */
  level?: 1 | 2;
}

export function EmptyState({ icon, title, text, action, level = 2 }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.empty}>
      <div className={styles.icon}>{icon}</div>
      <Heading className={styles.title}>{title}</Heading>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
