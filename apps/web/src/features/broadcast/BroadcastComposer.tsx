import { checkMediaFile, formatBytes, groupDigits, MESSAGE_MAX_LENGTH } from '@parlor/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { CloseIcon, ImageIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import { PriceField, parsePrice } from '../media/PriceField';
import { VaultPicker } from '../media/VaultPicker';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { ScheduleField } from '../scheduling/ScheduleField';
import { defaultScheduleInput, scheduledText } from '../scheduling/scheduleTime';
import { seatHas } from '../team/seatAccess';
import { BroadcastAudiencePicker, useAudienceReach } from './BroadcastAudience';
import styles from './BroadcastScreen.module.css';
import { audienceIsEmpty } from './broadcastModel';
import {
  deviceMediaChosen,
  excludeBuyersChanged,
  laterChanged,
  laterToggled,
  mediaRemoved,
  postDismissed,
  priceChanged,
  selectBroadcast,
  selfDestructChanged,
  textChanged,
  vaultMediaChosen,
} from './broadcastSlice';
import { abortBroadcastUpload, holdFile, sendDraft } from './broadcastThunks';

function UploadBar() {
  const upload = useAppSelector(selectBroadcast).draft.upload;
  if (!upload) return null;
  return (
    <div className={styles.upload} data-testid="broadcast-upload">
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={upload.progress}
      >
        <span className={styles.barFill} style={{ width: `${upload.progress}%` }} />
      </div>
      <div className={styles.uploadRow}>
        <span>
          Uploading {upload.progress} %
          {upload.total > 0 && ` · ${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`}
        </span>
        <Button variant="ghost" size="small" onClick={abortBroadcastUpload}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}

/** The draft: audience, text, a photo or video (device or vault) with price and self-destruct, and send. */
export function BroadcastComposer() {
  const dispatch = useAppDispatch();
  const id = useId();
  const { draft, post, stage, audience, later, scheduledAt } = useAppSelector(selectBroadcast);
  const reach = useAudienceReach();
  const [vaultOpen, setVaultOpen] = useState(false);
  const vaultOff = useAppSelector(selectVaultOff);
  // A team seat prices a broadcast only with the `paid` permission.
  const canCharge = useAppSelector((state) => seatHas(selectUser(state), 'paid'));
  /** A file refused by the quick checks, with the check's message. */
  const [fileError, setFileError] = useState<string | null>(null);
  const [priceText, setPriceText] = useState(draft.price ? String(draft.price) : '');
  const fileRef = useRef<HTMLInputElement>(null);
  const posting = post.status === 'init';
  const uploading = draft.upload !== null;
  const media = draft.media;

  // A sent draft starts over empty: so does the price box.
  useEffect(() => {
    if (draft.price === 0 && draft.media === null) setPriceText('');
  }, [draft.price, draft.media]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The quick checks at once, as the conversation's composer does; the rest run while preparing.
    const refusal = checkMediaFile({ type: file.type, size: file.size });
    if (refusal) {
      dispatch(postDismissed());
      setFileError(refusal);
      return;
    }
    setFileError(null);
    const kind = file.type.startsWith('video/') ? 'video' : 'image';
    dispatch(deviceMediaChosen({ kind, previewUrl: holdFile(file), name: file.name, size: file.size }));
  };

  const removeMedia = () => {
    holdFile(null);
    dispatch(mediaRemoved());
  };

  const empty = !draft.text.trim() && !media;
  // One broadcast sends at a time; one for later waits for its own time.
  const busySending = stage === 'broadcasting' && !later.on;
  const blocked = busySending || posting || empty || audienceIsEmpty(audience);
  const fans = reach === null ? null : `${groupDigits(reach)} fan${reach === 1 ? '' : 's'}`;
  const verb = later.on ? 'Schedule' : 'Send';
  const sendLabel = posting
    ? uploading
      ? 'Uploading…'
      : later.on
        ? 'Scheduling…'
        : 'Sending…'
    : fans === null || later.on
      ? verb
      : `Send to ${fans}`;

  return (
    <form
      className={styles.composer}
      aria-label="New broadcast"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) void dispatch(sendDraft());
      }}
    >
      <BroadcastAudiencePicker disabled={posting} />
      <p className={styles.reach} aria-live="polite" data-testid="broadcast-reach">
        {audienceIsEmpty(audience)
          ? 'No chats selected.'
          : fans === null
            ? 'Counting fans…'
            : `This broadcast will reach ${fans}.`}
      </p>

      <label className={styles.field} htmlFor={`${id}-text`}>
        Message
        <textarea
          id={`${id}-text`}
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft.text}
          disabled={posting}
          onChange={(e) => dispatch(textChanged(e.target.value))}
          placeholder={media ? 'Add a caption (optional)' : 'Write something to your fans'}
        />
      </label>

      {media ? (
        <div className={styles.media}>
          <div className={styles.mediaThumb}>
            {media.previewUrl && media.kind === 'video' && media.source === 'device' ? (
              <video src={media.previewUrl} muted playsInline preload="metadata" />
            ) : media.previewUrl ? (
              <img src={media.previewUrl} alt="" />
            ) : (
              <ImageIcon size={28} />
            )}
          </div>
          <div className={styles.mediaText}>
            <span className={styles.mediaName}>
              {media.kind === 'video' ? 'Video' : 'Photo'} {media.source === 'vault' ? 'from your vault' : ''}
            </span>
            <span className={styles.muted}>
              {media.source === 'device' && media.size !== null
                ? `${media.name ?? ''} · ${formatBytes(media.size)}`
                : 'Ready to send'}
            </span>
          </div>
          <Button
            variant="ghost"
            size="small"
            onClick={removeMedia}
            disabled={posting}
            aria-label={`Remove the ${media.kind === 'video' ? 'video' : 'photo'}`}
          >
            <CloseIcon size={18} />
          </Button>
        </div>
      ) : (
        <div className={styles.mediaButtons}>
          <Button
            variant="secondary"
            size="small"
            disabled={posting}
            onClick={() => fileRef.current?.click()}
          >
            Photo or video
          </Button>
          {!vaultOff && (
            <Button variant="secondary" size="small" disabled={posting} onClick={() => setVaultOpen(true)}>
              From vault
            </Button>
          )}
        </div>
      )}
      <input
        ref={fileRef}
        type="file"
        accept="image/*,video/*"
        hidden
        data-testid="broadcast-file-input"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />

      {media && canCharge && (
        <div className={styles.priceRow}>
          <PriceField
            id={`${id}-price`}
            value={priceText}
            disabled={posting}
            onChange={(text) => {
              setPriceText(text);
              dispatch(priceChanged(parsePrice(text)));
            }}
            audience="fans"
            classNames={{ field: styles.field, hint: styles.hint }}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.self_destruct}
              disabled={posting}
              onChange={(e) => dispatch(selfDestructChanged(e.target.checked))}
            />
            Self-destruct 24 hours after it is unlocked
          </label>
          {draft.price > 0 && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.exclude_buyers}
                disabled={posting}
                onChange={(e) => dispatch(excludeBuyersChanged(e.target.checked))}
              />
              Skip fans who already bought this {media.kind === 'video' ? 'video' : 'photo'}
            </label>
          )}
        </div>
      )}

      <ScheduleField
        legend="When to send"
        toggle={{
          label: 'Send later',
          on: later.on,
          onToggle: (on) => dispatch(laterToggled({ on, input: defaultScheduleInput(new Date()) })),
        }}
        value={later.input}
        onChange={(input) => dispatch(laterChanged(input))}
        error={later.error}
        disabled={posting}
      />

      <UploadBar />
      <FormAlert message={fileError ?? post.error} />
      {scheduledAt && (
        <p className={styles.notice} role="status" data-testid="broadcast-scheduled">
          Scheduled for {scheduledText(scheduledAt)}. It waits under Scheduled, where you can change or cancel
          it.
        </p>
      )}
      {post.aborted && (
        <p className={styles.muted} role="status">
          Upload canceled. Nothing was sent.
        </p>
      )}
      {busySending && !posting && (
        <p className={styles.muted}>You can send the next broadcast once this one is done.</p>
      )}
      <Button type="submit" fullWidth disabled={blocked} loading={posting}>
        {sendLabel}
      </Button>
      {vaultOpen && (
        <VaultPicker
          verb="Broadcast"
          onClose={() => setVaultOpen(false)}
          onPick={(picked) => {
            setVaultOpen(false);
            setFileError(null);
            holdFile(null);
            dispatch(vaultMediaChosen(picked));
          }}
        />
      )}
    </form>
  );
}
