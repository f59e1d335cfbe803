import { creditsToDollars, plural } from '@parlor/contract';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectUser } from '../auth/authSlice';
import styles from './EarningsBadge.module.css';
import { loadSalesEarnings, selectSalesEarnings } from './salesSlice';

/** A creator's earnings at a glance, updated live when a fan buys a paid message (message_paid). */
export function EarningsBadge() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const earnings = useAppSelector(selectSalesEarnings);
  const creator = me?.type === 'featured';
  useEffect(() => {
    if (creator) void dispatch(loadSalesEarnings());
  }, [creator, dispatch]);
  if (!creator || earnings === null) return null;
  return (
    <span className={styles.earnings} data-testid="earnings" aria-live="polite" title="Your earnings">
      <strong>
        <span className={styles.label}>Earned </span>${creditsToDollars(earnings)}
      </strong>
      <span className={styles.credits}>{plural(earnings, 'credit')}</span>
    </span>
  );
}
