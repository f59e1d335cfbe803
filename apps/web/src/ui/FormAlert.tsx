import styles from './FormAlert.module.css';
import { AlertIcon } from './icons';

/** A form-level error (server message); role=alert so it is announced as it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className={styles.alert}>
      <AlertIcon size={20} />
      <span>{message}</span>
    </div>
  );
}
