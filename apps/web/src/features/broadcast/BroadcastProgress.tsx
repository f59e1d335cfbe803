import { groupDigits } from '@parlor/contract';
import { useAppSelector } from '../../platform/hooks';
import styles from './BroadcastScreen.module.css';
import { etaText, percentSent } from './broadcastModel';
import { selectBroadcast } from './broadcastSlice';

/** The broadcast sending now (or just sent): how many have it, of how many, and how long is left. */
export function BroadcastProgress() {
  const { active, stage } = useAppSelector(selectBroadcast);
  if (!active) {
    if (stage !== 'broadcasting') return null;
    // is_broadcasting is known before the list says which one: a bar without figures yet.
    return (
      <section
        className={styles.progressCard}
        aria-label="Broadcast progress"
        data-testid="broadcast-progress"
      >
        <p className={styles.progressTitle}>Your broadcast is sending…</p>
        <div className={styles.bar} role="progressbar" aria-label="Sent" aria-valuetext="Sending">
          <span className={styles.barFill} data-indeterminate="" />
        </div>
      </section>
    );
  }
  const pct = percentSent(active);
  const eta = active.done ? null : etaText(active.eta_s);
  const fans = (n: number) => `${groupDigits(n)} fan${n === 1 ? '' : 's'}`;
  return (
    <section
      className={styles.progressCard}
      aria-label="Broadcast progress"
      data-testid="broadcast-progress"
      data-done={active.done || undefined}
    >
      <div className={styles.progressHead}>
        <p className={styles.progressTitle} aria-live="polite">
          {active.done ? `Sent to ${fans(active.sent)}` : `Sending to ${fans(active.total)}…`}
        </p>
        <span className={styles.progressPct}>{pct} %</span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Sent"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span className={styles.barFill} style={{ width: `${pct}%` }} />
      </div>
      <p className={styles.progressFacts}>
        {groupDigits(active.sent)} of {groupDigits(active.total)} sent
        {eta && ` · ${eta}`}
      </p>
    </section>
  );
}
