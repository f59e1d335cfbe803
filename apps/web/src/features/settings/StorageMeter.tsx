import type { MediaUsage } from '@parlor/contract';
import styles from './StorageMeter.module.css';
import { storageSummary } from './storageView';

/** "Storage: X of Y used" over a bar; the bar is a progressbar whose value is also given as words. */
export function StorageMeter({ usage }: { usage: MediaUsage }) {
  const s = storageSummary(usage);
  return (
    <div className={styles.meter} data-tone={s.tone}>
      <p className={styles.summary} id="storage-summary">
        <span className={styles.label}>Storage:</span> {s.valueText}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby="storage-summary"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={s.percent}
        aria-valuetext={s.valueText}
      >
        {s.fill > 0 && <div className={styles.fill} style={{ width: `${s.fill}%` }} />}
      </div>
      <p className={styles.details}>
        <span>{s.percentText}</span>
        <span>{s.left}</span>
      </p>
    </div>
  );
}
