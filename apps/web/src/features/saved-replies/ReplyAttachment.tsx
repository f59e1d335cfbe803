import type { VaultMedia } from '@parlor/contract';
import { IconButton } from '../../ui/IconButton';
import { CloseIcon, ImageIcon } from '../../ui/icons';
import styles from './ReplyAttachment.module.css';
import { attachmentLabel } from './savedReplyModel';

/** What a saved reply attached to the draft: its photo or video and price, sent with the text. */
export interface DraftAttachment {
  media: VaultMedia;
  price: number;
  title: string;
}

/** The draft's attachment above the text box, with a way to drop it before sending. */
export function ReplyAttachment({
  attachment,
  onRemove,
}: {
  attachment: DraftAttachment;
  onRemove: () => void;
}) {
  const { media } = attachment;
  const what = media.type === 'video' ? 'video' : 'photo';
  return (
    <div className={styles.attachment} data-testid="reply-attachment">
      <span className={styles.thumb} aria-hidden="true">
        {media.th || media.st ? <img src={media.th ?? media.st ?? ''} alt="" /> : <ImageIcon size={20} />}
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{attachmentLabel(attachment, media.type)}</span>
        <span className={styles.from}>From “{attachment.title}”: sent with your text</span>
      </span>
      <IconButton aria-label={`Remove the ${what}`} onClick={onRemove}>
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
