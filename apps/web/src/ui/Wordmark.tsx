import { useId } from 'react';
import styles from './Wordmark.module.css';

/** The Parlor logo mark and name; the mark is the same drawing as the favicon. */
interface WordmarkProps {
  size?: number;
  showName?: boolean;
  /** On a dark or brand-coloured background the mark turns white so it does not melt into it. */
  onDark?: boolean;
}

export function Wordmark({ size = 28, showName = true, onDark = false }: WordmarkProps) {
  // A gradient id per instance: a shared id breaks when its first owner is display:none.
  const gradientId = useId();
  return (
    <span className={styles.wordmark} style={{ fontSize: Math.round(size * 0.8) }}>
      <svg
        className={styles.mark}
        width={size}
        height={size}
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c3aed" />
            <stop offset="1" stopColor="#4f46e5" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={onDark ? '#ffffff' : `url(#${gradientId})`} />
        <path
          d="M20 46V18h14.5c6.4 0 10.5 3.9 10.5 9.6 0 5.8-4.1 9.6-10.5 9.6H27V46z M27 31.4h6.8c2.6 0 4.1-1.4 4.1-3.8s-1.5-3.8-4.1-3.8H27z"
          fill={onDark ? '#5b21b6' : '#ffffff'}
        />
      </svg>
      {showName ? (
        <span className={styles.name}>Parlor</span>
      ) : (
        <span className="visually-hidden">Parlor</span>
      )}
    </span>
  );
}
