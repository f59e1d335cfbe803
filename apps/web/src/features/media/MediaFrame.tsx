import type { HTMLAttributes } from 'react';
import styles from './MediaFrame.module.css';

/** The rounded box a photo, video or GIF sits in, sent or pending; its image fills it. */
export function MediaFrame({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={[styles.media, className].filter(Boolean).join(' ')} />;
}
