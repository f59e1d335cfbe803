import type { ButtonHTMLAttributes, HTMLAttributes } from 'react';
import styles from './Menu.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** The popup panel of a menu; `className` places it beside its button. */
export function Menu({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={join(styles.menu, className)} />;
}

/** One action in a Menu; `className` sets its size (and a colour, e.g. for a dangerous action). */
export function MenuItem({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={join(styles.item, className)} />;
}
