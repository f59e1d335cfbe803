import styles from './ShellSkeleton.module.css';
import skeleton from './Skeleton.module.css';
import rows from './Skeletons.module.css';
import { Wordmark } from './Wordmark';

const ROWS = [40, 55, 35, 60, 45, 50];

/**
 * The signed-in app's frame while its code and the session load: the header with the name, the
 * nav's place (a sidebar on wide screens, the tab bar on phones) and a few rows, so the page has its
 * shape at once instead of a lone spinner, and nothing jumps when the app arrives.
 */
export function ShellSkeleton() {
  return (
    <div className={styles.shell} role="status" aria-label="Loading">
      <div className={styles.header}>
        <Wordmark />
      </div>
      <div className={styles.body}>
        <div className={styles.sidebar}>
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className={`${skeleton.shimmer} ${styles.navItem}`} />
          ))}
        </div>
        <div className={styles.rows}>
          {ROWS.map((width, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decoration.
            <div key={i} className={styles.row}>
              <span className={`${skeleton.shimmer} ${rows.avatar}`} />
              <span className={rows.lines}>
                <span className={`${skeleton.shimmer} ${rows.line}`} style={{ width: `${width}%` }} />
                <span className={`${skeleton.shimmer} ${rows.line}`} style={{ width: `${width + 25}%` }} />
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.tabbar}>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={`${skeleton.shimmer} ${styles.tab}`} />
        ))}
      </div>
    </div>
  );
}
