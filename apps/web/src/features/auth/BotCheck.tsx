import { Suspense } from 'react';
import { lazyWithRetry } from '../../platform/lazyWithRetry';
import styles from './BotCheck.module.css';
import type { BotCheck as BotCheckState } from './useBotCheck';

// The widget and its workers load only where the check is on, so the app's first load stays as it was.
const BotCheckWidget = lazyWithRetry(() => import('./BotCheckWidget'), 'BotCheckWidget');

/** The bot-check's widget in a sign-in or sign-up form, when the deployment asks for it. */
export function BotCheck({ check }: { check: BotCheckState }) {
  if (!check.enabled) return null;
  return (
    <Suspense fallback={<div className={styles.placeholder} />}>
      <BotCheckWidget handle={check.handle} />
    </Suspense>
  );
}
