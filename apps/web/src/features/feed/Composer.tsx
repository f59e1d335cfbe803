import { checkMediaFile, ERRORS, FEED_TEXT_MAX_LENGTH, type VaultMedia } from '@parlor/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import card from '../../ui/Card.module.css';
import { FormAlert } from '../../ui/FormAlert';
import { CloseIcon, ImageIcon, LockIcon } from '../../ui/icons';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { MediaFrame } from '../media/MediaFrame';
import { bubbleBox } from '../media/mediaLayout';
import { PendingMediaPreview } from '../media/PendingMediaPreview';
import { PRICE_INPUT, parsePrice, priceHint } from '../media/PriceField';
import { mediaHost, prepareAndUpload, UploadAbortedError } from '../media/upload';
import { trackUpload } from '../media/uploadsSlice';
import { VaultPicker } from '../media/VaultPicker';
import { selectFeature, selectMediaBaseUrl, selectVaultOff } from '../provider/providerConfigSlice';
import { ScheduleField } from '../scheduling/ScheduleField';
import {
  checkSchedule,
  defaultScheduleInput,
  type ScheduleInput,
  scheduledText,
} from '../scheduling/scheduleTime';
import styles from './Composer.module.css';
import { createPost } from './feedThunks';

type Attachment = { kind: 'file'; file: File } | { kind: 'vault'; media: VaultMedia };
type Phase = { step: 'idle' } | { step: 'uploading'; progress: number } | { step: 'posting' };

/** The attachment's preview: an object URL for a file (released when it changes), the vault's thumbnail. */
function usePreview(attachment: Attachment | null) {
  const preview = useMemo(() => {
    if (!attachment) return null;
    if (attachment.kind === 'vault') {
      const m = attachment.media;
      return { url: m.st ?? m.th, video: m.type === 'video', width: m.width, height: m.height, owned: false };
    }
    const { file } = attachment;
    return {
      url: URL.createObjectURL(file),
      video: file.type.startsWith('video/'),
      width: null,
      height: null,
      owned: true,
    };
  }, [attachment]);
  useEffect(
    () => () => {
      if (preview?.owned && preview.url) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  return preview;
}

/**
 * A creator's new post, at the top of the home feed: text, one photo or video from the device
 * (uploaded with progress when posting, as chat media is) or from the vault, public or for
 * subscribers only, a price when there is media, and a later time to appear if she likes. The
 * server's refusals show here; a post made calls `onPosted` (the screen then shows the creator's
 * own posts, or those scheduled).
 */
export function Composer({ onPosted }: { onPosted?: (scheduled: boolean) => void }) {
  const dispatch = useAppDispatch();
  const mediaBaseUrl = useAppSelector(selectMediaBaseUrl);
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [privateFeed, setPrivateFeed] = useState(false);
  const [price, setPrice] = useState('');
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [vaultOpen, setVaultOpen] = useState(false);
  const [later, setLater] = useState<{ on: boolean; input: ScheduleInput }>({
    on: false,
    input: { date: '', time: '' },
  });
  const [laterError, setLaterError] = useState<string | null>(null);
  const vaultOff = useAppSelector(selectVaultOff);
  const usdContent = useAppSelector(selectFeature('usd_content'));
  const fileRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const preview = usePreview(attachment);
  const id = useId();
  const credits = parsePrice(price);
  const busy = phase.step !== 'idle';

  useEffect(() => () => abortRef.current?.abort(), []);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const refusal = checkMediaFile({ type: file.type, size: file.size });
    setError(refusal);
    if (!refusal) setAttachment({ kind: 'file', file });
  };

  const removeAttachment = () => {
    setAttachment(null);
    setPrice('');
  };

  const reset = () => {
    setText('');
    removeAttachment();
    setPrivateFeed(false);
    setError(null);
    setLater((l) => ({ ...l, on: false }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !attachment) {
      setError('Write something or add a photo or video.');
      return;
    }
    setError(null);
    // A time for later is checked before anything uploads.
    let publishAt: string | undefined;
    if (later.on) {
      const check = checkSchedule(later.input, new Date());
      if (!check.ok) {
        setLaterError(check.message);
        return;
      }
      publishAt = check.iso;
    }
    let publicId: string | null = null;
    try {
      if (attachment?.kind === 'vault') publicId = attachment.media.public_id;
      if (attachment?.kind === 'file') {
        const controller = new AbortController();
        abortRef.current = controller;
        setPhase({ step: 'uploading', progress: 0 });
        const { file } = attachment;
        // Stopped (its Cancel, or leaving the page), no post is made and the draft stays.
        const uploaded = await dispatch(
          trackUpload(
            'feed',
            () => controller.abort(),
            () =>
              prepareAndUpload(file, {
                host: mediaHost(mediaBaseUrl),
                type: credits > 0 ? 'paid_message' : 'message',
                signal: controller.signal,
                onProgress: (progress) => setPhase({ step: 'uploading', progress }),
              }),
          ),
        );
        publicId = uploaded.media.public_id;
      }
    } catch (cause) {
      setPhase({ step: 'idle' });
      if (!(cause instanceof UploadAbortedError)) {
        setError(cause instanceof Error ? cause.message : ERRORS.default);
      }
      return;
    } finally {
      abortRef.current = null;
    }
    setPhase({ step: 'posting' });
    const result = await dispatch(
      createPost({
        text: text.trim() || null,
        public_id: publicId,
        private_feed: privateFeed,
        price: publicId ? credits : 0,
        ...(publishAt ? { publish_at: publishAt } : {}),
      }),
    );
    setPhase({ step: 'idle' });
    if (result.ok) {
      reset();
      if (publishAt) showToast(`Post scheduled for ${scheduledText(publishAt)}.`);
      onPosted?.(publishAt !== undefined);
    } else if (result.field === 'publish_at') setLaterError(result.message);
    else setError(result.message);
  };

  return (
    <form className={`${card.card} ${styles.composer}`} onSubmit={submit} aria-label="New post">
      <TextAreaField
        label="New post"
        placeholder="Share something with your fans"
        value={text}
        maxLength={FEED_TEXT_MAX_LENGTH}
        rows={3}
        disabled={busy}
        onChange={(e) => setText(e.target.value)}
      />
      {preview && (
        <div className={styles.attachment}>
          {phase.step === 'uploading' ? (
            <PendingMediaPreview
              type={preview.video ? 'video' : 'image'}
              state="uploading"
              media={{
                previewUrl: preview.url,
                width: preview.width,
                height: preview.height,
                progress: phase.progress,
                price: credits,
              }}
              onCancel={() => abortRef.current?.abort()}
            />
          ) : (
            <MediaFrame style={bubbleBox(preview.width, preview.height)} className={styles.preview}>
              {preview.url &&
                (preview.video && attachment?.kind === 'file' ? (
                  <video src={preview.url} muted playsInline preload="metadata" />
                ) : (
                  <img src={preview.url} alt="Attached media" />
                ))}
              <button
                type="button"
                className={styles.remove}
                onClick={removeAttachment}
                disabled={busy}
                aria-label="Remove media"
              >
                <CloseIcon size={18} />
              </button>
            </MediaFrame>
          )}
        </div>
      )}
      {attachment && (
        <TextField
          label="Price in credits"
          {...PRICE_INPUT}
          value={price}
          disabled={busy}
          onChange={(e) => setPrice(e.target.value)}
          hint={priceHint(credits, 'Free: no price to unlock it.', usdContent)}
        />
      )}
      <ScheduleField
        legend="When to publish"
        toggle={{
          label: 'Publish later',
          on: later.on,
          onToggle: (on) =>
            setLater((l) => ({ on, input: l.input.date ? l.input : defaultScheduleInput(new Date()) })),
        }}
        value={later.input}
        onChange={(input) => {
          setLater((l) => ({ ...l, input }));
          setLaterError(null);
        }}
        error={laterError}
        disabled={busy}
      />
      <FormAlert message={error} />
      <div className={styles.bar}>
        <input
          ref={fileRef}
          type="file"
          accept="image/*,video/*"
          hidden
          data-testid="feed-file-input"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div className={styles.options}>
          <Button variant="ghost" size="small" onClick={() => fileRef.current?.click()} disabled={busy}>
            <ImageIcon size={18} /> Photo or video
          </Button>
          {!vaultOff && (
            <Button variant="ghost" size="small" onClick={() => setVaultOpen(true)} disabled={busy}>
              From vault
            </Button>
          )}
          <label className={styles.switch} htmlFor={`${id}-private`}>
            <input
              id={`${id}-private`}
              type="checkbox"
              role="switch"
              aria-checked={privateFeed}
              checked={privateFeed}
              disabled={busy}
              onChange={(e) => setPrivateFeed(e.target.checked)}
            />
            <LockIcon size={16} /> Subscribers only
          </label>
        </div>
        <Button type="submit" loading={phase.step === 'posting'} disabled={busy}>
          {phase.step === 'uploading' ? `Uploading ${phase.progress}%` : later.on ? 'Schedule' : 'Post'}
        </Button>
      </div>
      {vaultOpen && (
        <VaultPicker
          verb="Attach"
          onClose={() => setVaultOpen(false)}
          onPick={(media) => {
            setAttachment({ kind: 'vault', media });
            setError(null);
            setVaultOpen(false);
          }}
        />
      )}
    </form>
  );
}
