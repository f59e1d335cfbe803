import type { ReactNode } from 'react';
import styles from './SelectionBar.module.css';

/**
 * Above a multi-select list: "Select all" and how many are picked, then what can be done with them.
 * It stays in view while the list scrolls, so the action is one tap away on a phone.
 */
export function SelectionBar({
  count,
  total,
  onToggleAll,
  children,
}: {
  count: number;
  /** How many are shown (and can be picked). */
  total: number;
  onToggleAll: () => void;
  children: ReactNode;
}) {
  return (
    <div className={styles.bar} role="toolbar" aria-label="Selection">
      <label className={styles.all}>
        <input type="checkbox" checked={total > 0 && count === total} onChange={onToggleAll} />
        Select all
      </label>
      <span className={styles.count} aria-live="polite">
        {count} selected
      </span>
      <div className={styles.actions}>{children}</div>
    </div>
  );
}
