import type { SPINNER_SIZES, SPINNER_STYLES } from '@parlor/contract';
import type { CSSProperties } from 'react';
import styles from './Spinner.module.css';

export type SpinnerSize = (typeof SPINNER_SIZES)[number];
export type SpinnerStyle = (typeof SPINNER_STYLES)[number];

interface SpinnerProps {
  size?: SpinnerSize;
  variant?: SpinnerStyle;
  label?: string;
  /** Inside a labelled control (a busy button) the spinner must not change the control's name. */
  decorative?: boolean;
  className?: string;
}

const BARS = Array.from({ length: 12 }, (_, i) => i);

/** Two styles (ios, circular) and four sizes (20, 25, 50, 75 px). */
export function Spinner({
  size = 25,
  variant = 'circular',
  label = 'Loading',
  decorative,
  className,
}: SpinnerProps) {
  const style = {
    width: size,
    height: size,
    '--size': `${size}px`,
    '--stroke': `${Math.max(2, Math.round(size / 10))}px`,
  } as CSSProperties;
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label };
  return (
    <span
      {...a11y}
      className={[styles.spinner, styles[variant], className].filter(Boolean).join(' ')}
      style={style}
    >
      {variant === 'ios' &&
        BARS.map((i) => (
          <span
            key={i}
            className={styles.bar}
            style={{ transform: `rotate(${i * 30}deg)`, animationDelay: `${(i - 12) / 12}s` }}
          />
        ))}
    </span>
  );
}

/** The full-page wait shown while the session or a lazy screen loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={50} label={label} />
    </div>
  );
}
