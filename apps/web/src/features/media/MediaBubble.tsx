import { creditsToDollars, type Message, type MessageMedia } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { LockIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import styles from './MediaBubble.module.css';
import { MediaFrame } from './MediaFrame';
import { MediaViewer } from './MediaViewer';
import { bubbleBox, countdown, isLocked, videoLength } from './mediaLayout';
import { buyPaidMessage } from './mediaThunks';

/** Re-renders every second while `active`, for countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const srcSet = (m: MessageMedia) =>
  (
    [
      [m.th, 320],
      [m.st, 600],
      [m.sr, 1080],
      [m.rt, 1440],
    ] as const
  )
    .filter(([url]) => url)
    .map(([url, w]) => `${url} ${w}w`)
    .join(', ');

/**
 * A photo, video or GIF in the conversation. Its box comes from the media's dimensions before
 * anything loads; a paid message the viewer has not bought shows only the blurred preview, the price
 * and Unlock; self-destructing content counts down.
 */
export function MediaBubble({ message, otherUserId }: { message: Message; otherUserId: string }) {
  const me = useAppSelector(selectUser)?._id;
  const [viewing, setViewing] = useState(false);
  const now = useNow(message.destruct_at !== null && message.media !== null);
  if (message.is_deleted) return null;

  if (message.type === 'gif' && message.gif_url) {
    return (
      <MediaFrame style={bubbleBox(message.gif_width, message.gif_height)}>
        <img src={message.gif_url} alt="GIF" loading="lazy" />
      </MediaFrame>
    );
  }
  const media = message.media;
  const kind = message.type === 'video' ? 'video' : 'image';
  if (!media) {
    return (
      <MediaFrame className={styles.gone}>
        {message.self_destruct ? 'This content has self-destructed.' : 'This media is no longer available.'}
      </MediaFrame>
    );
  }
  if (isLocked(message, me)) return <LockedMedia message={message} media={media} otherUserId={otherUserId} />;

  const mine = message.sender_id === me;
  const length = kind === 'video' ? videoLength(media.video_length) : null;
  return (
    <>
      <MediaFrame style={bubbleBox(media.width, media.height)} data-testid="media-bubble">
        {kind === 'video' && media.video_url ? (
          // biome-ignore lint/a11y/useMediaCaption: user videos come without captions.
          <video
            src={media.video_url}
            poster={media.st ?? media.th ?? undefined}
            controls
            preload="metadata"
            playsInline
          />
        ) : (
          <button
            type="button"
            className={styles.openButton}
            onClick={() => setViewing(true)}
            aria-label="Open photo"
          >
            <img
              src={media.st ?? media.th ?? media.sr ?? media.rt ?? undefined}
              srcSet={srcSet(media)}
              sizes="(max-width: 480px) 70vw, 280px"
              alt=""
              loading="lazy"
              decoding="async"
            />
          </button>
        )}
        <div className={styles.chips}>
          {mine && message.price > 0 && (
            <span className={styles.chip}>
              {message.price} credits · {message.is_paid ? 'Bought' : 'Not bought yet'}
            </span>
          )}
          {length && <span className={styles.chip}>{length}</span>}
          {message.destruct_at && (
            <span className={styles.chip} data-testid="self-destruct">
              Disappears in {countdown(message.destruct_at, now)}
            </span>
          )}
          {message.self_destruct && !message.destruct_at && mine && (
            <span className={styles.chip}>Self-destructs after unlock</span>
          )}
        </div>
      </MediaFrame>
      {viewing && <MediaViewer media={media} kind={kind} onClose={() => setViewing(false)} />}
    </>
  );
}

function LockedMedia({
  message,
  media,
  otherUserId,
}: {
  message: Message;
  media: MessageMedia;
  otherUserId: string;
}) {
  const dispatch = useAppDispatch();
  const [buying, setBuying] = useState(false);
  const length = message.type === 'video' ? videoLength(media.video_length) : null;
  const unlock = async () => {
    setBuying(true);
    try {
      await dispatch(buyPaidMessage(otherUserId, message._id));
    } finally {
      setBuying(false);
    }
  };
  return (
    <MediaFrame style={bubbleBox(media.width, media.height)} data-testid="locked-media">
      {media.blur && <img className={styles.blurred} src={media.blur} alt="" aria-hidden="true" />}
      <div className={styles.lockOverlay}>
        <span className={styles.lockIcon} aria-hidden="true">
          <LockIcon size={22} />
        </span>
        <p className={styles.price}>
          {message.type === 'video' ? 'Video' : 'Photo'} · {message.price} credits
          <span className={styles.priceSub}>
            ${creditsToDollars(message.price)}
            {length ? ` · ${length}` : ''}
            {message.self_destruct ? ' · self-destructs' : ''}
          </span>
        </p>
        <Button size="small" onClick={unlock} loading={buying}>
          Unlock for {message.price} credits
        </Button>
      </div>
    </MediaFrame>
  );
}
