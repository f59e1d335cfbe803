import { groupDigits, plural } from '@parlor/contract';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Card, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useSeatAllows } from '../team/seatAccess';
import { AmlPanel } from './AmlPanel';
import { CsvLink } from './CsvLink';
import { EarningsChart } from './EarningsChart';
// The page's live refreshes, registered with its code.
import './earningsListeners';
import styles from './EarningsScreen.module.css';
import {
  type EarningsPeriod,
  type EarningsRange,
  earningsCsv,
  seriesSums,
  totalsView,
} from './earningsModel';
import {
  earningsLeft,
  loadAccountInfo,
  loadPayouts,
  loadSeries,
  loadTotals,
  periodChosen,
  rangeChosen,
  selectEarnings,
} from './earningsSlice';
import { PayoutHistory } from './PayoutHistory';
import { PayoutPanel } from './PayoutPanel';
import { usd } from './usd';

/** Two or three choices side by side, one pressed (a toggle, not tabs: the page stays one page). */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.segmented}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

const PERIODS: { value: EarningsPeriod; label: string }[] = [
  { value: 'month', label: 'This month' },
  { value: 'all', label: 'All time' },
];
const RANGES: { value: EarningsRange; label: string }[] = [
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
];

function Totals() {
  const dispatch = useAppDispatch();
  const { period, totals, totalsError } = useAppSelector(selectEarnings);
  const current = totals[period];
  const view = current ? totalsView(current) : null;
  return (
    <Card roomy aria-labelledby="earned-title">
      <div className={styles.cardHead}>
        <CardTitle id="earned-title">Earned {period === 'month' ? 'this month' : 'all time'}</CardTitle>
        <Segmented
          label="Period"
          options={PERIODS}
          value={period}
          onChange={(p) => dispatch(periodChosen(p))}
        />
      </div>
      {totalsError && !view && (
        <p role="alert" className={styles.error}>
          {totalsError}
        </p>
      )}
      {!view && !totalsError && <Spinner size={25} />}
      {view && (
        <>
          <p className={styles.big} data-testid="earned-total">
            {usd(view.earnedDollars)}
            <span className={styles.credits}>{plural(view.earnedCredits, 'credit')}</span>
          </p>
          <p className={styles.muted}>What you keep, after the platform fee.</p>
          <ul className={styles.types} aria-label="Earned by type">
            {view.rows.map((row) => (
              <li key={row.type} className={styles.typeRow}>
                <span className={styles.typeName}>
                  <span className={styles.swatch} style={{ background: row.color }} aria-hidden="true" />
                  {row.label}
                </span>
                <span className={styles.typeValue}>
                  {usd(row.dollars)}
                  <span className={styles.credits}>{groupDigits(row.credits)} cr</span>
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${row.share}%`, background: row.color }} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function Chart() {
  const dispatch = useAppDispatch();
  const { range, series, seriesError } = useAppSelector(selectEarnings);
  const days = series[range];
  const sums = useMemo(() => (days ? seriesSums(days) : null), [days]);
  const caption = `Last ${range} days`;
  return (
    <Card roomy aria-labelledby="chart-title">
      <div className={styles.cardHead}>
        <CardTitle id="chart-title">Daily earnings</CardTitle>
        <Segmented
          label="Chart range"
          options={RANGES}
          value={range}
          onChange={(r) => dispatch(rangeChosen(r))}
        />
      </div>
      {seriesError && !days && (
        <p role="alert" className={styles.error}>
          {seriesError}
        </p>
      )}
      {!days && !seriesError && <Spinner size={25} />}
      {days && sums && (
        <>
          <p className={styles.muted} data-testid="range-total">
            {caption}: {usd(sums.total / 10)} · {plural(sums.new_fans, 'new fan')} ·{' '}
            {plural(sums.new_subscribers, 'new subscriber')}
          </p>
          <EarningsChart series={days} caption={caption} />
          <CsvLink csv={earningsCsv(days)} name={`earnings-last-${range}-days.csv`} label="Export CSV" />
        </>
      )}
    </Card>
  );
}

/** /account/earnings/summary (creators): what they earn, the chart, payouts and the AML form. */
export function EarningsScreen() {
  const dispatch = useAppDispatch();
  const { period, range } = useAppSelector(selectEarnings);
  const payoutsShown = useSeatAllows('listPayouts');

  // Each choice is read when chosen (never stale), then kept fresh by the realtime listeners.
  useEffect(() => {
    void dispatch(loadTotals(period));
  }, [dispatch, period]);
  useEffect(() => {
    void dispatch(loadSeries(range));
  }, [dispatch, range]);
  useEffect(() => {
    void dispatch(loadAccountInfo());
    void dispatch(loadPayouts({ reset: true }));
    return () => {
      dispatch(earningsLeft());
    };
  }, [dispatch]);

  return (
    <>
      <Link to="/account" className={styles.back}>
        ← Account
      </Link>
      <PageHeader title="Earnings" subtitle="What fans paid you, your balance and your payouts." />
      <div className={styles.grid}>
        <div className={styles.main}>
          <Totals />
          <Chart />
        </div>
        {/* A team seat reads the figures; payouts stay the creator's own. */}
        {payoutsShown && (
          <>
            <div className={styles.side}>
              <PayoutPanel />
              <AmlPanel />
            </div>
            <div className={styles.wide}>
              <PayoutHistory />
            </div>
          </>
        )}
      </div>
    </>
  );
}
