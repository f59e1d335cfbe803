import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Without it the dialog cannot be dismissed (no close button, Escape does nothing). */
  onClose?: (() => void) | undefined;
  /** Only the top dialog of a stack shows; the ones below stay mounted (and keep their state). */
  active?: boolean;
  centered?: boolean;
  hero?: ReactNode;
}

/** A modal dialog: focus moves in and stays in, Escape closes it, focus returns on close. */
export function Dialog({ title, children, actions, onClose, active = true, centered, hero }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (!active) return;
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    // Focus moves in on the next frame, once the browser lays the page out anyway: focusing in the
    // render that opened the dialog lays out the whole page in the middle of that render's task.
    const frame = requestAnimationFrame(() => {
      const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? dialog).focus();
    });
    return () => {
      cancelAnimationFrame(frame);
      previous?.focus?.();
    };
  }, [active]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!active) return;
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    // Wrap Tab at both ends so focus never leaves the dialog for the page behind.
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Portalled to <body>: a dialog opened from inside a scrolling or transformed container (the
  // conversation header) must not be clipped by it.
  return createPortal(
    <div className={styles.backdrop} hidden={!active}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className={[styles.dialog, centered && styles.centered].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {hero && <div className={styles.hero}>{hero}</div>}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && (
          <div id={bodyId} className={styles.body}>
            {children}
          </div>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <CloseIcon />
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
