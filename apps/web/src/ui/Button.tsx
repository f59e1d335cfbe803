import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  /** Shows a spinner and blocks clicks; the button keeps its accessible name. */
  loading?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', size = 'medium', fullWidth = false) {
  return [styles.button, styles[variant], size !== 'medium' && styles[size], fullWidth && styles.full]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  size = 'medium',
  fullWidth,
  loading,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={[buttonClass(variant, size, fullWidth), className].filter(Boolean).join(' ')}
    >
      {loading && <Spinner size={20} decorative />}
      {children}
    </button>
  );
}
