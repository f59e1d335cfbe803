import { Link } from 'react-router';
import styles from './settings.module.css';

/** Settings screens lead back to the account menu. */
export function BackLink() {
  return (
    <Link to="/account" className={styles.back}>
      ← Account
    </Link>
  );
}
