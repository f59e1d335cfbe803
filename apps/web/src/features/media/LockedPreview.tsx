import { creditsToDollars, type MessageMedia, plural } from '@parlor/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useAppSelector } from '../../platform/hooks';
import { LockIcon } from '../../ui/icons';
import { selectFeature } from '../provider/providerConfigSlice';
import styles from './LockedPreview.module.css';
import { MediaFrame } from './MediaFrame';
import { videoLength } from './mediaLayout';

/**
 * Paid media the viewer has not bought (a chat message or a feed post): only the blurred preview,
 * the price in credits (and dollars, with usd_content), and `children` (the Unlock button, or why it cannot be bought).
 * A price of 0 (a post locked for subscribers only) shows no price line.
 */
export function LockedPreview({
  media,
  kind,
  price,
  details = [],
  style,
  className,
  children,
}: {
  media: MessageMedia;
  kind: 'image' | 'video';
  price: number;
  /** More words for the line under the price (", self-destructs"). */
  details?: string[];
  style?: CSSProperties;
  className?: string;
  children: ReactNode;
}) {
  const length = kind === 'video' ? videoLength(media.video_length) : null;
  // The dollar value shows to an account with usd_content on.
  const usdContent = useAppSelector(selectFeature('usd_content'));
  const dollars = price > 0 && usdContent ? `$${creditsToDollars(price)}` : null;
  const sub = [dollars, length, ...details].filter(Boolean);
  return (
    <MediaFrame style={style} className={className} data-testid="locked-media">
      {media.blur && <img className={styles.blurred} src={media.blur} alt="" aria-hidden="true" />}
      <div className={styles.lockOverlay}>
        <span className={styles.lockIcon} aria-hidden="true">
          <LockIcon size={22} />
        </span>
        <p className={styles.price}>
          {kind === 'video' ? 'Video' : 'Photo'}
          {price > 0 ? ` · ${plural(price, 'credit')}` : ''}
          {sub.length > 0 && <span className={styles.priceSub}>{sub.join(' · ')}</span>}
        </p>
        {children}
      </div>
    </MediaFrame>
  );
}
