import skeleton from './Skeleton.module.css';
import styles from './Skeletons.module.css';

/** A chat row's shape while the inbox loads: avatar, name and preview lines. */
export function ChatRowSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.row} role="status" aria-label={label}>
      <span className={`${skeleton.shimmer} ${styles.avatar}`} />
      <span className={styles.lines}>
        <span className={`${skeleton.shimmer} ${styles.line}`} style={{ width: '40%' }} />
        <span className={`${skeleton.shimmer} ${styles.line}`} style={{ width: '75%' }} />
      </span>
    </div>
  );
}

const BUBBLES = [
  { side: 'theirs', width: 55 },
  { side: 'mine', width: 40 },
  { side: 'theirs', width: 70 },
  { side: 'mine', width: 30 },
  { side: 'theirs', width: 45 },
] as const;

/** A conversation's shape while it loads: a header and a few bubbles on both sides. */
export function ConversationSkeleton() {
  return (
    <div className={styles.conversation} role="status" aria-label="Loading conversation">
      <div className={styles.header}>
        <span className={`${skeleton.shimmer} ${styles.avatar}`} />
        <span className={`${skeleton.shimmer} ${styles.line}`} style={{ width: 120 }} />
      </div>
      <div className={styles.bubbles}>
        {BUBBLES.map((b, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decoration.
            key={i}
            className={`${skeleton.shimmer} ${styles.bubble}`}
            data-side={b.side}
            style={{ width: `${b.width}%` }}
          />
        ))}
      </div>
    </div>
  );
}
