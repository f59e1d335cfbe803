import type { MessageMedia } from '@parlor/contract';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/icons';
import styles from './MediaViewer.module.css';

/** Full-screen view of a photo (largest variant) or a playing video; Escape or Close leaves it. */
export function MediaViewer({
  media,
  kind,
  onClose,
}: {
  media: MessageMedia;
  kind: 'image' | 'video';
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  const src = media.rt ?? media.sr ?? media.st ?? media.th;
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (above); the backdrop click is a mouse shortcut.
    <div
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={kind === 'video' ? 'Video' : 'Photo'}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="media-viewer"
    >
      {kind === 'video' && media.video_url ? (
        // biome-ignore lint/a11y/useMediaCaption: user videos come without captions.
        <video src={media.video_url} poster={media.rt ?? undefined} controls autoPlay playsInline />
      ) : (
        src && <img src={src} alt="" width={media.width ?? undefined} height={media.height ?? undefined} />
      )}
      <button
        ref={closeRef}
        type="button"
        className={styles.viewerClose}
        onClick={onClose}
        aria-label="Close"
      >
        <CloseIcon />
      </button>
    </div>,
    document.body,
  );
}
