import type { ButtonHTMLAttributes } from 'react';
import styles from './IconButton.module.css';

/** The icon button's look, for a link that shows as one (with the caller's own class after it). */
export function iconButtonClass(className?: string) {
  return [styles.iconButton, className].filter(Boolean).join(' ');
}

/** A button that is only an icon: give it an aria-label. */
export function IconButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={iconButtonClass(className)} />;
}
