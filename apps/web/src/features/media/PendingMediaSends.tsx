import { useAppStore } from '../../app/hooks';
import { CloseIcon } from '../../ui/icons';
import styles from './Media.module.css';
import { bubbleBox } from './mediaLayout';
import { mediaSendQueue, usePendingMediaSends } from './mediaSends';
import { ProgressRing } from './ProgressRing';

const STATUS = { preparing: 'Preparing…', uploading: 'Uploading…', sending: 'Sending…', failed: '' } as const;

/** Media sends in flight or failed, below the stored messages: preview, progress ring, cancel, retry. */
export function PendingMediaSends({ otherUserId }: { otherUserId: string }) {
  const queue = mediaSendQueue(useAppStore());
  const items = usePendingMediaSends(queue, otherUserId);
  if (items.length === 0) return null;
  return (
    <ol aria-label="Sending media" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const failed = item.state === 'failed';
        return (
          <li key={item.id} className={styles.pendingRow} data-testid="pending-media">
            <div className={styles.pendingGroup}>
              <div className={styles.media} style={bubbleBox(item.width, item.height)}>
                {item.previewUrl &&
                  (item.type === 'video' ? (
                    <video src={item.previewUrl} muted playsInline preload="metadata" />
                  ) : (
                    <img src={item.previewUrl} alt="" />
                  ))}
                {!failed && (
                  <div className={styles.pendingShade}>
                    {item.state === 'uploading' ? <ProgressRing progress={item.progress} /> : null}
                  </div>
                )}
                {!failed && (
                  <button
                    type="button"
                    className={styles.cancel}
                    onClick={() => queue.abort(item.id)}
                    aria-label="Cancel upload"
                  >
                    <CloseIcon size={18} />
                  </button>
                )}
              </div>
              {failed ? (
                <div className={styles.failedLine} role="alert">
                  <span>Not sent{item.error ? `: ${item.error}` : ''}</span>
                  <button type="button" className={styles.linkButton} onClick={() => queue.retry(item.id)}>
                    Retry
                  </button>
                  <button type="button" className={styles.linkButton} onClick={() => queue.dismiss(item.id)}>
                    Discard
                  </button>
                </div>
              ) : (
                <span className={styles.status}>
                  {STATUS[item.state]}
                  {item.price > 0 ? ` · ${item.price} credits` : ''}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
