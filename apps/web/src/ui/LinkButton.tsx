import type { ButtonHTMLAttributes } from 'react';
import styles from './LinkButton.module.css';

/** A small text action inside a line of text or beside a message. */
export function LinkButton({ type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={styles.linkButton} />;
}
