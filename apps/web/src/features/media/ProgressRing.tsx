import styles from './ProgressRing.module.css';

/** Upload progress 0-100 as a ring with the percentage in it. */
export function ProgressRing({ progress, size = 56 }: { progress: number; size?: number }) {
  const stroke = 4;
  const r = (size - stroke) / 2;
  const length = 2 * Math.PI * r;
  const value = Math.max(0, Math.min(100, progress));
  return (
    <svg
      className={styles.ring}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label="Upload progress"
    >
      <circle
        className={styles.ringTrack}
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        strokeWidth={stroke}
      />
      <circle
        className={styles.ringValue}
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={length}
        strokeDashoffset={length * (1 - value / 100)}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text className={styles.ringLabel} x="50%" y="50%" dominantBaseline="central" textAnchor="middle">
        {value}%
      </text>
    </svg>
  );
}
