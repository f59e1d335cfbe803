import { useAppSelector } from '../../platform/hooks';
import type { RootState } from '../../platform/storeTypes';
import { selectPaymentProvider } from '../provider/providerConfigSlice';
import styles from './TestModeRibbon.module.css';

/** The server's payments are its built-in sandbox (provider config `payments_test_mode`). */
export const selectPaymentsTestMode = (state: RootState) =>
  state.providerConfig.config?.payments_test_mode ?? false;

/**
 * A slim bar above the header on every signed-in screen while payments are simulated, so nobody
 * mistakes a trial deployment for a real shop. It cannot be dismissed.
 */
export function TestModeRibbon() {
  // With a real card provider only the crypto top-up is simulated (CRYPTO_TOPUP=sandbox).
  const cardsReal = useAppSelector(selectPaymentProvider) !== 'sandbox';
  if (cardsReal)
    return (
      <div className={styles.ribbon} role="note" aria-label="Test mode">
        <span className={styles.badge}>Test mode</span>
        <span className={styles.text}>
          Crypto top-ups are simulated
          <span className={styles.more}>: no crypto is received</span>
        </span>
      </div>
    );
  return (
    <div className={styles.ribbon} role="note" aria-label="Test mode">
      <span className={styles.badge}>Test mode</span>
      <span className={styles.text}>
        Payments are simulated
        <span className={styles.more}>: no card is charged and no real money changes hands</span>
      </span>
    </div>
  );
}
