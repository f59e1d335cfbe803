import type { ReactNode } from 'react';
import styles from './Note.module.css';

type Tone = 'muted' | 'success' | 'error';

/** A saved change is announced politely, an error at once; a muted note is not announced. */
const ROLES: Record<Tone, 'status' | 'alert' | undefined> = {
  muted: undefined,
  success: 'status',
  error: 'alert',
};

/** A line of text in a settings card: an explanation, a confirmation or an error. */
export function Note({ tone = 'muted', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <p className={styles[tone]} role={ROLES[tone]}>
      {children}
    </p>
  );
}
