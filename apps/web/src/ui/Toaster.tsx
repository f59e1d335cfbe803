import { CheckIcon } from './icons';
import styles from './Toaster.module.css';
import { dismissToast, useToasts } from './toasts';

/** The toasts, bottom centre (above a phone's tab bar), read out politely. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.toaster} role="status" aria-live="polite">
      {toasts.map((t) => (
        <button key={t.id} type="button" className={styles.toast} onClick={() => dismissToast(t.id)}>
          <CheckIcon size={18} />
          <span>{t.text}</span>
        </button>
      ))}
    </div>
  );
}
