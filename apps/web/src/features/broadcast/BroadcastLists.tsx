import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { ScrollRow } from '../../ui/ScrollRow';
import own from './BroadcastLists.module.css';
import { BroadcastScheduledList } from './BroadcastScheduledList';
import styles from './BroadcastScreen.module.css';
import { BroadcastStatsList } from './BroadcastStatsList';
import { selectBroadcast, viewChosen } from './broadcastSlice';

const VIEWS = [
  { key: 'sent', label: 'Sent' },
  { key: 'scheduled', label: 'Scheduled' },
] as const;

/** The broadcasts sent, with their figures, and those waiting for their time: a tab each. */
export function BroadcastLists() {
  const dispatch = useAppDispatch();
  const { view, scheduled } = useAppSelector(selectBroadcast);
  const waiting = scheduled.items.length;
  return (
    <section className={styles.stats} aria-labelledby="broadcast-stats-title">
      <h2 id="broadcast-stats-title" className={styles.sectionTitle}>
        Your broadcasts
      </h2>
      <ScrollRow className={own.tabs} role="tablist" aria-label="Your broadcasts" activeKey={view}>
        {VIEWS.map((v) => (
          <button
            key={v.key}
            type="button"
            role="tab"
            id={`broadcast-tab-${v.key}`}
            aria-selected={view === v.key}
            aria-controls="broadcast-panel"
            tabIndex={view === v.key ? 0 : -1}
            className={own.tab}
            onClick={() => dispatch(viewChosen(v.key))}
          >
            {v.label}
            {v.key === 'scheduled' && waiting > 0 && (
              <span className={own.count}>{scheduled.next ? `${waiting}+` : waiting}</span>
            )}
          </button>
        ))}
      </ScrollRow>
      <div id="broadcast-panel" role="tabpanel" aria-labelledby={`broadcast-tab-${view}`}>
        {view === 'sent' ? <BroadcastStatsList /> : <BroadcastScheduledList />}
      </div>
    </section>
  );
}
