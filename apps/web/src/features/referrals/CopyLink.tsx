import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../platform/browser';
import { Button } from '../../ui/Button';
import styles from './Referrals.module.css';

/** The referral link in a read-only field with Copy; "Copied" shows for a moment after. */
export function CopyLink({ link, label = 'Your referral link' }: { link: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(link);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className={styles.copy}>
      <input
        className={styles.link}
        readOnly
        value={link}
        aria-label={label}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button size="small" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {/* The button says Copied; the status repeats it for screen readers and explains a failure. */}
      <span className={state === 'failed' ? styles.status : styles.srOnly} role="status">
        {state === 'copied'
          ? 'Link copied'
          : state === 'failed'
            ? 'Could not copy; select the link and copy it.'
            : ''}
      </span>
    </div>
  );
}
