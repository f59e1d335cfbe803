import type { PayoutStatus } from '@parlor/contract';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { CsvLink } from './CsvLink';
import styles from './EarningsScreen.module.css';
import { METHOD_LABELS, payoutsCsv } from './earningsModel';
import { loadPayouts, selectEarnings } from './earningsSlice';
import { usd } from './usd';

const STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  rejected: 'Rejected',
};
const date = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

/** The payouts asked for, newest first, 20 a page. */
export function PayoutHistory() {
  const dispatch = useAppDispatch();
  const { payouts } = useAppSelector(selectEarnings);
  const loading = useAppSelector((s) => selectRequest(s, loadPayouts)).status === 'Fetching';

  return (
    <Card roomy aria-labelledby="history-title">
      <div className={styles.cardHead}>
        <CardTitle id="history-title">Payouts</CardTitle>
        {payouts.items.length > 0 && (
          <CsvLink csv={payoutsCsv(payouts.items)} name="payouts.csv" label="Export CSV" />
        )}
      </div>
      {payouts.error && (
        <p role="alert" className={styles.error}>
          {payouts.error}
        </p>
      )}
      {payouts.loaded && payouts.items.length === 0 && (
        <p className={styles.muted}>No payouts yet. Once you request one, it shows here.</p>
      )}
      {payouts.items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="payouts-table">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col" className={styles.num}>
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {payouts.items.map((p) => (
                <tr key={p._id}>
                  <td data-label="Requested">{date(p.created_at)}</td>
                  <td data-label="Amount" className={styles.num}>
                    {usd(p.amount_usd)}
                  </td>
                  <td data-label="Method">{METHOD_LABELS[p.method]}</td>
                  <td data-label="Status">
                    <span className={`${styles.status} ${styles[p.status]}`}>{STATUS_LABELS[p.status]}</span>
                  </td>
                  <td data-label="Completed">{date(p.completed_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {payouts.next && (
        <Button
          variant="secondary"
          loading={loading}
          onClick={() => void dispatch(loadPayouts({ reset: false }))}
        >
          Load more
        </Button>
      )}
    </Card>
  );
}
