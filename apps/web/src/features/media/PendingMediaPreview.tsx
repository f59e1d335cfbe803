import { CloseIcon } from '../../ui/icons';
import type { PendingMedia, PendingMessage } from '../conversation/conversationModel';
import { MediaFrame } from './MediaFrame';
import { bubbleBox } from './mediaLayout';
import styles from './PendingMediaPreview.module.css';
import { ProgressRing } from './ProgressRing';

/**
 * The media of a pending send: its preview in the box it will have, shaded with the upload's
 * progress ring while in flight, and a cancel button.
 */
export function PendingMediaPreview({
  type,
  state,
  media,
  onCancel,
}: {
  type: PendingMessage['type'];
  state: PendingMessage['state'];
  media: PendingMedia;
  onCancel: () => void;
}) {
  const inFlight = state !== 'failed';
  return (
    <MediaFrame style={bubbleBox(media.width, media.height)}>
      {media.previewUrl &&
        (type === 'video' ? (
          <video src={media.previewUrl} muted playsInline preload="metadata" />
        ) : (
          <img src={media.previewUrl} alt="" />
        ))}
      {inFlight && (
        <>
          <div className={styles.pendingShade}>
            {state === 'uploading' ? <ProgressRing progress={media.progress} /> : null}
          </div>
          <button type="button" className={styles.cancel} onClick={onCancel} aria-label="Cancel upload">
            <CloseIcon size={18} />
          </button>
        </>
      )}
    </MediaFrame>
  );
}
