import {
  AUTO_MESSAGES_PER_CATEGORY,
  type AutoMessageCategory,
  checkMediaFile,
  type VaultMedia,
} from '@parlor/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { IconButton } from '../../ui/IconButton';
import { BackIcon, TrashIcon } from '../../ui/icons';
import { PriceField, parsePrice } from '../media/PriceField';
import { mediaHost, prepareAndUpload, uploadErrorPopup } from '../media/upload';
import { VaultPicker } from '../media/VaultPicker';
import { selectMediaBaseUrl, selectVaultOff } from '../provider/providerConfigSlice';
import styles from './AutoMessageEditor.module.css';
import {
  categoryInfo,
  type DelayUnit,
  type DraftMessage,
  delayLabel,
  joinDelay,
  newFileDraft,
  newTextDraft,
  newVaultDraft,
  splitDelay,
} from './autoMessagesModel';
import {
  abortSave,
  draftDiscarded,
  draftOpened,
  itemAdded,
  itemChanged,
  itemMoved,
  itemRemoved,
  pendingFiles,
  saveCategory,
  saveChanged,
  selectAutoMessages,
  selectDirty,
  selectDraft,
  selectEntry,
  type UploadRunner,
} from './autoMessagesSlice';

const ArrowIcon = ({ up }: { up: boolean }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    aria-hidden="true"
  >
    <path d={up ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** One category's ordered messages: add, edit, reorder, remove, then save them together. */
export function AutoMessageEditor({ category }: { category: AutoMessageCategory }) {
  const dispatch = useAppDispatch();
  const info = categoryInfo(category);
  const entry = useAppSelector((s) => selectEntry(s, category));
  const draft = useAppSelector((s) => selectDraft(s, category));
  const dirty = useAppSelector((s) => selectDirty(s, category));
  const save = useAppSelector(selectAutoMessages).save;
  const host = mediaHost(useAppSelector(selectMediaBaseUrl));
  const fileRef = useRef<HTMLInputElement>(null);
  const [vaultOpen, setVaultOpen] = useState(false);
  const vaultOff = useAppSelector(selectVaultOff);

  useEffect(() => {
    dispatch(draftOpened(category));
  }, [dispatch, category]);
  // Feedback belongs to the category it was about; another editor starts without it.
  useEffect(() => () => void dispatch(saveChanged(null)), [dispatch]);

  const items = draft ?? [];
  const outcome = save?.category === category ? save : null;
  const busy = outcome?.kind === 'saving';
  const full = items.length >= AUTO_MESSAGES_PER_CATEGORY;
  // A new message follows the last one's delay, which is what a sequence usually wants.
  const lastDelay = items[items.length - 1]?.delay_seconds ?? 0;

  const add = (item: DraftMessage) => {
    dispatch(itemAdded({ category, item }));
    if (outcome && outcome.kind !== 'saving') dispatch(saveChanged(null));
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The conversation's quick checks, with its wording; the rest run while preparing.
    const refusal = checkMediaFile({ type: file.type, size: file.size });
    if (refusal) {
      dispatch(uploadErrorPopup(refusal));
      return;
    }
    const kind = file.type.startsWith('video/') ? 'video' : 'image';
    const item = newFileDraft({ name: file.name, kind, previewUrl: URL.createObjectURL(file) }, lastDelay);
    pendingFiles.set(item._id, file);
    add(item);
  };

  const upload: UploadRunner = async (_item, file, options) => {
    const answer = await prepareAndUpload(file, { host, ...options });
    return {
      media: {
        ...answer.media,
        width: answer.media.width ?? answer.width,
        height: answer.media.height ?? answer.height,
        video_length: answer.media.video_length ?? answer.video_length,
      },
    };
  };

  const editorRef = useRef<HTMLElement>(null);
  const onSave = async () => {
    const result = await dispatch(saveCategory(category, upload));
    // A flagged upload may sit far above the save bar: bring it into view.
    if (result === 'failed')
      editorRef.current
        ?.querySelector('[data-failed]')
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  return (
    <section ref={editorRef} className={styles.editor} aria-labelledby="auto-editor-title">
      <Link to="/auto-messages" className={styles.back}>
        <BackIcon size={18} /> All categories
      </Link>
      <div className={styles.head}>
        <h2 id="auto-editor-title" className={styles.title}>
          {info.label}
        </h2>
        {dirty && <span className={styles.unsaved}>Unsaved changes</span>}
      </div>
      <p className={styles.explanation}>
        {info.explanation} Messages go out in this order, each after its wait from the one before.
      </p>

      {items.length === 0 ? (
        <p className={styles.empty}>
          {entry && entry.messages.length > 0
            ? 'No messages left: saving turns this category off.'
            : 'No messages yet. Add a text, a photo or a video; fans get them in this order.'}
        </p>
      ) : (
        <ol className={styles.items} aria-label={`${info.label} messages`}>
          {items.map((item, index) => (
            <li key={item._id}>
              <DraftItem category={category} item={item} index={index} count={items.length} busy={busy} />
            </li>
          ))}
        </ol>
      )}

      <fieldset className={styles.addRow}>
        <legend className="visually-hidden">Add a message</legend>
        <Button
          variant="secondary"
          size="small"
          disabled={full || busy}
          onClick={() => add(newTextDraft(lastDelay))}
        >
          Add text
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={full || busy}
          onClick={() => fileRef.current?.click()}
        >
          Add photo or video
        </Button>
        {!vaultOff && (
          <Button variant="secondary" size="small" disabled={full || busy} onClick={() => setVaultOpen(true)}>
            Add from vault
          </Button>
        )}
        <input
          ref={fileRef}
          type="file"
          accept="image/*,video/*"
          hidden
          data-testid="auto-message-file-input"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </fieldset>
      {full && <p className={styles.hint}>A category holds at most {AUTO_MESSAGES_PER_CATEGORY} messages.</p>}

      <div className={styles.saveBar}>
        <SaveFeedback outcome={outcome} />
        <div className={styles.saveActions}>
          {dirty && !busy && (
            <Button variant="ghost" onClick={() => dispatch(draftDiscarded(category))}>
              Discard changes
            </Button>
          )}
          <Button onClick={() => void onSave()} loading={busy} disabled={!dirty && !busy}>
            {busy && outcome?.step === 'uploading' ? 'Uploading…' : 'Save'}
          </Button>
        </div>
      </div>

      {vaultOpen && (
        <VaultPicker
          verb="Add"
          onClose={() => setVaultOpen(false)}
          onPick={(media: VaultMedia) => {
            setVaultOpen(false);
            add(newVaultDraft(media, lastDelay));
          }}
        />
      )}
    </section>
  );
}

function SaveFeedback({ outcome }: { outcome: ReturnType<typeof selectAutoMessages>['save'] }) {
  if (!outcome) return <span />;
  if (outcome.kind === 'saved')
    return (
      <p role="status" className={styles.saved}>
        Saved. Fans get these messages from now on.
      </p>
    );
  if (outcome.kind === 'failed')
    return (
      <p role="alert" className={styles.failed}>
        {outcome.message}
      </p>
    );
  if (outcome.kind === 'aborted')
    return (
      <p role="status" className={styles.muted}>
        Upload canceled. Nothing was saved.
      </p>
    );
  return (
    <p role="status" className={styles.muted}>
      {outcome.step === 'uploading' ? 'Uploading…' : 'Saving…'}
    </p>
  );
}

function DraftItem({
  category,
  item,
  index,
  count,
  busy,
}: {
  category: AutoMessageCategory;
  item: DraftMessage;
  index: number;
  count: number;
  busy: boolean;
}) {
  const dispatch = useAppDispatch();
  const id = useId();
  const ref = { category, id: item._id };
  const n = index + 1;
  const mediaKind = item.file ? item.file.kind : item.media?.video_url ? 'video' : 'image';
  const label = item.type === 'text' ? 'Text' : mediaKind === 'video' ? 'Video' : 'Photo';
  const change = (changes: Parameters<typeof itemChanged>[0]['changes']) =>
    dispatch(itemChanged({ ...ref, changes }));
  const { unit, amount } = splitDelay(item.delay_seconds);
  const upload = item.upload;

  return (
    <Card className={styles.item} data-failed={upload.state === 'failed' || undefined}>
      <div className={styles.itemHead}>
        <span className={styles.itemNumber}>
          <span className="visually-hidden">Message </span>
          {n}
        </span>
        <span className={styles.itemKind}>{label}</span>
        <span className={styles.itemDelay}>{delayLabel(item.delay_seconds)}</span>
        <span className={styles.itemTools}>
          <IconButton
            aria-label={`Move message ${n} up`}
            disabled={index === 0 || busy}
            onClick={() => dispatch(itemMoved({ ...ref, by: -1 }))}
          >
            <ArrowIcon up />
          </IconButton>
          <IconButton
            aria-label={`Move message ${n} down`}
            disabled={index === count - 1 || busy}
            onClick={() => dispatch(itemMoved({ ...ref, by: 1 }))}
          >
            <ArrowIcon up={false} />
          </IconButton>
          <IconButton
            aria-label={`Remove message ${n}`}
            disabled={busy}
            onClick={() => {
              if (item.file?.previewUrl) URL.revokeObjectURL(item.file.previewUrl);
              pendingFiles.delete(item._id);
              dispatch(itemRemoved(ref));
            }}
          >
            <TrashIcon size={18} />
          </IconButton>
        </span>
      </div>

      {item.type === 'media' && (
        <div className={styles.mediaRow}>
          <MediaPreview item={item} />
          <div className={styles.mediaInfo}>
            {upload.state === 'uploading' && (
              <div className={styles.progress}>
                <progress
                  max={100}
                  value={upload.progress}
                  aria-label={`Uploading message ${n}`}
                  aria-valuetext={`${upload.progress}%`}
                />
                <span>{upload.progress}%</span>
                <Button variant="ghost" size="small" onClick={() => abortSave(category)}>
                  Cancel upload
                </Button>
              </div>
            )}
            {upload.state === 'failed' && (
              <p role="alert" className={styles.failed}>
                Upload failed: {upload.message}
              </p>
            )}
            {upload.state === 'idle' && item.file && <p className={styles.hint}>Uploads when you save.</p>}
            <PriceField
              id={`${id}-price`}
              labelSuffix={`for message ${n}`}
              disabled={busy}
              value={item.price === 0 ? '' : String(item.price)}
              onChange={(text) => change({ price: parsePrice(text) })}
              audience="fan"
              classNames={{ field: styles.field, hint: styles.hint }}
            />
          </div>
        </div>
      )}

      <label className={styles.field} htmlFor={`${id}-text`}>
        {item.type === 'text' ? (
          <span>
            Message<span className="visually-hidden"> {n}</span>
          </span>
        ) : (
          <span>
            Caption<span className="visually-hidden"> for message {n}</span> (optional)
          </span>
        )}
        <textarea
          id={`${id}-text`}
          rows={item.type === 'text' ? 3 : 2}
          maxLength={5000}
          disabled={busy}
          value={item.text}
          placeholder={item.type === 'text' ? 'Write what fans get…' : 'Say something about it'}
          onChange={(e) => change({ text: e.target.value })}
        />
      </label>

      <fieldset className={styles.delay} data-now={unit === 'now' || undefined}>
        <legend>When</legend>
        {unit !== 'now' && (
          <input
            type="number"
            inputMode="numeric"
            min={1}
            aria-label={`${unit[0]?.toUpperCase()}${unit.slice(1)} before message ${n}`}
            disabled={busy}
            value={amount}
            onChange={(e) =>
              change({ delay_seconds: joinDelay(unit, Math.max(1, Number(e.target.value) || 1)) })
            }
          />
        )}
        <select
          aria-label={`When message ${n} is sent`}
          value={unit}
          disabled={busy}
          onChange={(e) => {
            const next = e.target.value as DelayUnit;
            change({ delay_seconds: joinDelay(next, next === 'now' ? 0 : Math.max(1, amount)) });
          }}
        >
          <option value="now">Immediately</option>
          <option value="minutes">minutes later</option>
          <option value="hours">hours later</option>
          <option value="days">days later</option>
        </select>
      </fieldset>
    </Card>
  );
}

function MediaPreview({ item }: { item: DraftMessage }) {
  const src = item.file?.previewUrl ?? item.media?.th ?? item.media?.st ?? null;
  const video = item.file ? item.file.kind === 'video' : !!item.media?.video_url;
  if (!src) return <div className={styles.preview} />;
  return (
    <div className={styles.preview}>
      {video && item.file ? (
        <video src={src} muted playsInline preload="metadata" aria-label="Video preview" />
      ) : (
        <img src={src} alt={video ? 'Video preview' : 'Photo preview'} />
      )}
    </div>
  );
}
