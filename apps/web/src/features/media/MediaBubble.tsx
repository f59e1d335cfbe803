import type { Message, MessageMedia } from '@parlor/contract';
import { type HTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { selectUser } from '../auth/authSlice';
import { useSpendConfirm } from '../payments/spendConfirm';
import { LockedPreview } from './LockedPreview';
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
    <OpenableMedia
      media={media}
      kind={kind}
      style={bubbleBox(media.width, media.height)}
      sizes="(max-width: 480px) 70vw, 280px"
      data-testid="media-bubble"
    >
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
    </OpenableMedia>
  );
}

/**
 * A photo or video the viewer may see: a video plays in place, a photo opens full size in the
 * viewer. `children` lie over it (chips). Shared by chat bubbles and feed posts.
 */
export function OpenableMedia({
  media,
  kind,
  sizes,
  children,
  ...frame
}: {
  media: MessageMedia;
  kind: 'image' | 'video';
  sizes: string;
  children?: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const [viewing, setViewing] = useState(false);
  return (
    <>
      <MediaFrame {...frame}>
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
              sizes={sizes}
              alt=""
              loading="lazy"
              decoding="async"
            />
          </button>
        )}
        {children}
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
  const { confirmSpend, dialog } = useSpendConfirm();
  const kind = message.type === 'video' ? 'video' : 'image';
  const unlock = async () => {
    if (
      !(await confirmSpend({ amount: message.price, what: `this ${kind === 'video' ? 'video' : 'photo'}` }))
    )
      return;
    setBuying(true);
    try {
      await dispatch(buyPaidMessage(otherUserId, message._id));
    } finally {
      setBuying(false);
    }
  };
  return (
    <LockedPreview
      media={media}
      kind={kind}
      price={message.price}
      style={bubbleBox(media.width, media.height)}
      details={message.self_destruct ? ['self-destructs'] : []}
    >
      <Button size="small" onClick={unlock} loading={buying}>
        Unlock for {message.price} credits
      </Button>
      {dialog}
    </LockedPreview>
  );
}
