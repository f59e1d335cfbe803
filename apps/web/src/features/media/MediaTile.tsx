import type { ReactNode } from 'react';
import styles from './MediaTile.module.css';
import { videoLength } from './mediaLayout';

/** The list tiles sit in: as many per row as fit; `wide` for tiles with words under them. */
export function TileGrid({ children, wide, label }: { children: ReactNode; wide?: boolean; label?: string }) {
  return (
    <ul className={[styles.grid, wide && styles.wide].filter(Boolean).join(' ')} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One photo or video as a square button its thumbnail fills. With `pressed` it is a toggle (picked
 * or not, with a tick); without, a plain button (it opens the media).
 */
export function MediaTile({
  thumb,
  video,
  length,
  pressed,
  label,
  onClick,
  children,
}: {
  thumb: string | null;
  video: boolean;
  length?: number | null;
  pressed?: boolean;
  label: string;
  onClick: () => void;
  /** Shown instead of the thumbnail, e.g. when the media is gone. */
  children?: ReactNode;
}) {
  return (
    <button type="button" className={styles.tile} aria-pressed={pressed} aria-label={label} onClick={onClick}>
      {thumb ? <img src={thumb} alt="" loading="lazy" /> : <span className={styles.empty}>{children}</span>}
      {video && <span className={styles.badge}>{videoLength(length ?? null) ?? 'Video'}</span>}
      {pressed !== undefined && (
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
      )}
    </button>
  );
}
