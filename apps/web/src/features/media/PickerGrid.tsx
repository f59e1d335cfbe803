import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './PickerGrid.module.css';

/** A scrolling grid of PickerTiles. */
export function PickerGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** One choice in a PickerGrid: a square button its image fills. */
export function PickerTile({ type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={styles.tile} />;
}
