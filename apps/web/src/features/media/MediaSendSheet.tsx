import { plural } from '@parlor/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import styles from './MediaSendSheet.module.css';
import type { MediaSource } from './mediaSends';
import { PriceField, parsePrice } from './PriceField';

export interface SheetChoice {
  price: number;
  selfDestruct: boolean;
  text: string;
}

/**
 * Before a photo or video goes out: a preview, a caption, and for creators a price in credits (shown
 * in dollars too; 0 sends it free) and self-destruct.
 */
export function MediaSendSheet({
  source,
  canCharge,
  onSend,
  onClose,
}: {
  source: Exclude<MediaSource, { kind: 'gif' }>;
  canCharge: boolean;
  onSend: (choice: SheetChoice) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [price, setPrice] = useState('');
  const [selfDestruct, setSelfDestruct] = useState(false);
  const [text, setText] = useState('');
  const preview = useMemo(
    () =>
      source.kind === 'file'
        ? { url: URL.createObjectURL(source.file), video: source.file.type.startsWith('video/'), owned: true }
        : { url: source.media.st ?? source.media.th, video: source.media.type === 'video', owned: false },
    [source],
  );
  useEffect(
    () => () => {
      if (preview.owned && preview.url) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  const credits = parsePrice(price);

  return (
    <Dialog
      title={preview.video ? 'Send a video' : 'Send a photo'}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSend({ price: canCharge ? credits : 0, selfDestruct, text })}>
            {canCharge && credits > 0 ? `Send for ${plural(credits, 'credit')}` : 'Send'}
          </Button>
        </>
      }
    >
      <div className={styles.sheetPreview}>
        {preview.url &&
          (preview.video && source.kind === 'file' ? (
            <video src={preview.url} muted playsInline controls preload="metadata" />
          ) : (
            <img src={preview.url} alt="Preview" />
          ))}
      </div>
      <label className={styles.field} htmlFor={`${id}-caption`}>
        Caption
        <input
          id={`${id}-caption`}
          type="text"
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Say something (optional)"
        />
      </label>
      {canCharge && (
        <>
          <PriceField
            id={`${id}-price`}
            value={price}
            onChange={setPrice}
            audience="fan"
            classNames={{ field: styles.field, hint: styles.hint }}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={selfDestruct}
              onChange={(e) => setSelfDestruct(e.target.checked)}
            />
            Self-destruct 24 hours after it is unlocked
          </label>
        </>
      )}
    </Dialog>
  );
}
