import { CheckIcon, CloseIcon } from './icons';
import styles from './Toaster.module.css';
import { dismissToast, useToasts } from './toasts';

/** The toasts, bottom centre (above a phone's tab bar), read out politely. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.toaster} role="status" aria-live="polite">
      {toasts.map((t) =>
        t.action ? (
          // A toast with a button is not a button itself: the sentence, the action, and a close.
          <div key={t.id} className={styles.toast} data-testid="toast">
            <CheckIcon size={18} />
            <span>{t.text}</span>
            <button
              type="button"
              className={styles.toastAction}
              onClick={() => {
                dismissToast(t.id);
                t.action?.run();
              }}
            >
              {t.action.label}
            </button>
            <button
              type="button"
              className={styles.toastClose}
              aria-label="Dismiss"
              onClick={() => dismissToast(t.id)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ) : (
          <button key={t.id} type="button" className={styles.toast} onClick={() => dismissToast(t.id)}>
            <CheckIcon size={18} />
            <span>{t.text}</span>
          </button>
        ),
      )}
    </div>
  );
}
