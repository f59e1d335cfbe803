import { creditsToDollars, endpoints, plural } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { CoinsIcon } from '../../ui/icons';
import { loadSalesEarnings, selectSalesEarnings } from '../media/salesSlice';

/** Today's date as the stats count days (UTC). */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Where a fan sees their credits, a creator sees what they earned today. The all-time total moves
 * with every sale and tip (message_paid, a tip's new_message), and each move reads today's figure again.
 */
export function TodayEarnings({ className }: { className?: string | undefined }) {
  const dispatch = useAppDispatch();
  const total = useAppSelector(selectSalesEarnings);
  const [today, setToday] = useState<number | null>(null);
  useEffect(() => {
    void dispatch(loadSalesEarnings());
  }, [dispatch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the total changing is the signal to read again.
  useEffect(() => {
    const day = utcDay();
    let live = true;
    call(endpoints.accountStats, { query: { from: day, to: day } })
      .then((res) => {
        if (live) setToday(res.data.reduce((sum, d) => sum + d.total, 0));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [total]);
  return (
    <Link
      to="/account/earnings/summary"
      className={className}
      data-testid="today-earnings"
      title={today === null ? 'Your earnings' : `${plural(today, 'credit')} earned today`}
      aria-live="polite"
    >
      <CoinsIcon size={18} />
      {today === null ? 'Earnings' : `Today $${creditsToDollars(today)}`}
    </Link>
  );
}
