import { Link } from 'react-router';
import { buttonClass } from '../../ui/Button';
import styles from './AccountMoneyLinks.module.css';

/** The account screen's way to buying credits, saved cards and subscriptions. */
export function AccountMoneyLinks() {
  return (
    <div className={styles.links}>
      <Link to="/account/get-credits" className={buttonClass('primary', 'medium')}>
        Buy credits
      </Link>
      <Link to="/account/subscriptions" className={buttonClass('secondary', 'medium')}>
        Subscriptions
      </Link>
    </div>
  );
}
