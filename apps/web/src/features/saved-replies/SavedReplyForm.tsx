import {
  CreateSavedReplyRequest,
  MESSAGE_MAX_LENGTH,
  SAVED_REPLY_PLACEHOLDERS,
  SAVED_REPLY_TITLE_MAX,
  type SavedReply,
  type VaultMedia,
} from '@parlor/contract';
import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { ImageIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { PriceField, parsePrice } from '../media/PriceField';
import { VaultPicker } from '../media/VaultPicker';
import { seatHas } from '../team/seatAccess';
import styles from './SavedRepliesScreen.module.css';
import { createSavedReply, updateSavedReply } from './savedRepliesThunks';
import { replyVaultMedia } from './savedReplyModel';

type Field = 'title' | 'text' | 'price';

/** The picked media as the form shows and saves it. */
interface Picked {
  mediaId: string | null;
  publicId: string;
  preview: string | null;
  kind: 'image' | 'video';
}

const pickedOf = (media: VaultMedia | null): Picked | null =>
  media
    ? { mediaId: media.media_id, publicId: media.public_id, preview: media.th ?? media.st, kind: media.type }
    : null;

/**
 * A saved reply's title, text (with the {fan} and {me} placeholders), an optional photo or video
 * from the vault and, with media, its price (a seat sets one only with the `paid` permission). The
 * contract's checks run before saving and the server's refusals show where they belong.
 */
export function SavedReplyForm({ reply, onDone }: { reply?: SavedReply; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const canCharge = useAppSelector((s) => seatHas(selectUser(s), 'paid'));
  const [title, setTitle] = useState(reply?.title ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const [picked, setPicked] = useState<Picked | null>(() => pickedOf(reply ? replyVaultMedia(reply) : null));
  const [price, setPrice] = useState(reply?.price ? String(reply.price) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      title,
      text: text.trim() ? text : null,
      media_id: picked?.mediaId ?? null,
      public_id: picked?.publicId ?? null,
      // Without `paid`, a seat keeps the price the reply has.
      price: picked ? (canCharge ? parsePrice(price) : (reply?.price ?? 0)) : 0,
    };
    const checked = CreateSavedReplyRequest.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = reply
      ? await dispatch(updateSavedReply({ id: reply._id, body }))
      : await dispatch(createSavedReply(body));
    setBusy(false);
    if (result.meta.requestStatus === 'fulfilled') {
      onDone();
      return;
    }
    const error = result.payload as { message: string; field?: string } | undefined;
    const field = error?.field as Field | undefined;
    if (error && field && ['title', 'text', 'price'].includes(field)) setErrors({ [field]: error.message });
    else setFailure(error?.message ?? 'Something went wrong. Please try again later.');
  };

  return (
    <Card as="form" roomy aria-labelledby={`${id}-title`} onSubmit={save} noValidate>
      <CardTitle id={`${id}-title`}>{reply ? `Edit “${reply.title}”` : 'New saved reply'}</CardTitle>
      <TextField
        label="Title"
        value={title}
        maxLength={SAVED_REPLY_TITLE_MAX}
        placeholder="Welcome"
        error={errors.title}
        hint="Type / and this title in a chat to find it."
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-text`}>
          Text
        </label>
        <textarea
          id={`${id}-text`}
          className={styles.textarea}
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-hint${errors.text ? ` ${id}-text-error` : ''}`}
          placeholder={`Hi ${SAVED_REPLY_PLACEHOLDERS.fan}, thanks for writing!`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          <code>{SAVED_REPLY_PLACEHOLDERS.fan}</code> becomes the fan’s username and{' '}
          <code>{SAVED_REPLY_PLACEHOLDERS.me}</code> yours when you insert it.
        </p>
        {errors.text && (
          <p id={`${id}-text-error`} className={styles.error}>
            {errors.text}
          </p>
        )}
      </div>

      {picked ? (
        <div className={styles.picked}>
          <span className={styles.thumb} aria-hidden="true">
            {picked.preview ? <img src={picked.preview} alt="" /> : <ImageIcon size={22} />}
          </span>
          <span className={styles.pickedText}>
            {picked.kind === 'video' ? 'Video' : 'Photo'} from your vault
          </span>
          <Button variant="secondary" size="small" onClick={() => setPicking(true)}>
            Change
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              setPicked(null);
              setPrice('');
            }}
          >
            Remove
          </Button>
        </div>
      ) : (
        <div>
          <Button variant="secondary" size="small" onClick={() => setPicking(true)}>
            <ImageIcon size={18} /> Add a photo or video
          </Button>
        </div>
      )}
      {picked && canCharge && (
        <PriceField
          id={`${id}-price`}
          value={price}
          onChange={setPrice}
          audience="fan"
          classNames={{ field: styles.priceField, hint: styles.hint }}
        />
      )}
      {errors.price && <p className={styles.error}>{errors.price}</p>}
      <FormAlert message={failure} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {reply ? 'Save reply' : 'Add reply'}
        </Button>
      </div>
      {picking && (
        <VaultPicker
          verb="Attach"
          onClose={() => setPicking(false)}
          onPick={(media) => {
            setPicking(false);
            setPicked(pickedOf(media));
          }}
        />
      )}
    </Card>
  );
}
