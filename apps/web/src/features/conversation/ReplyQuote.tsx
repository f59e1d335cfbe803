import type { ParentMessage } from '@parlor/contract';
import { useAppDispatch } from '../../platform/hooks';
import type { AppThunk } from '../../platform/storeTypes';
import { showToast } from '../../ui/toasts';
import { loadOlderMessages } from './conversationThunks';
import styles from './MessageList.module.css';

/** What a quote says of a parent without text it may show. */
const QUOTE_FALLBACK: Record<ParentMessage['type'], string> = {
  text: 'Message unavailable',
  image: 'Photo',
  video: 'Video',
  gif: 'GIF',
  tip: 'Tip',
};

/** How long the quoted message stays highlighted after a tap on its quote. */
const HIGHLIGHT_MS = 1600;
/** How many earlier pages (50 messages each) a tap on a quote may load to reach its message. */
export const REVEAL_MAX_PAGES = 20;
/** Frames to wait for a message just loaded to be drawn (the list renders in a background pass). */
const DRAW_WAIT_FRAMES = 60;

const bubbleOf = (messageId: string) =>
  document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);

/** Scrolls the message into the middle of the view and highlights it for a moment. */
function scrollToBubble(target: HTMLElement) {
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  target.dataset.highlight = 'true';
  setTimeout(() => delete target.dataset.highlight, HIGHLIGHT_MS);
}

/**
 * Loads earlier pages until the conversation holds `messageId`, at most REVEAL_MAX_PAGES of them;
 * answers whether it is held. The list stays one unbroken run of messages, so scrolling on from
 * the message works as it always does. Ids grow with time: once the oldest held is older than the
 * message, it is not in this chat's history any more (hidden for me, or cleared).
 */
export const revealMessage =
  (otherUserId: string, messageId: string): AppThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    for (let pages = 0; ; pages += 1) {
      const convo = getState().conversations.byUser[otherUserId];
      if (!convo) return false;
      if (convo.messageIds.includes(messageId)) return true;
      const oldest = convo.messageIds[0];
      if (!convo.next || pages >= REVEAL_MAX_PAGES) return false;
      if (oldest !== undefined && Number(oldest) < Number(messageId)) return false;
      const done = await dispatch(loadOlderMessages(otherUserId));
      if (!loadOlderMessages.fulfilled.match(done)) return false;
    }
  };

/** Scrolls to a message of the conversation, loading the pages before it first when needed. */
export const showMessage =
  (otherUserId: string, messageId: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const drawn = bubbleOf(messageId);
    if (drawn) return scrollToBubble(drawn);
    if (!(await dispatch(revealMessage(otherUserId, messageId)))) {
      showToast('That message is no longer in this chat.');
      return;
    }
    for (let frame = 0; frame < DRAW_WAIT_FRAMES; frame += 1) {
      const target = bubbleOf(messageId);
      if (target) return scrollToBubble(target);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };

/**
 * The message a reply answers, quoted at the top of its bubble: who wrote it and its text as the
 * reader may see it. A tap scrolls to that message, loading it first when it is further back than
 * the pages held, and highlights it.
 */
export function ReplyQuote({
  parent,
  author,
  otherName,
  otherUserId,
}: {
  parent: ParentMessage;
  /** The reader wrote the parent. */
  author: boolean;
  otherName: string;
  otherUserId: string;
}) {
  const dispatch = useAppDispatch();
  const who = author ? 'You' : otherName;
  const text = parent.text ?? QUOTE_FALLBACK[parent.type];
  return (
    <button
      type="button"
      className={styles.quote}
      onClick={() => void dispatch(showMessage(otherUserId, parent._id))}
      aria-label={`Reply to ${who}: ${text}. Show the message`}
    >
      <span className={styles.quoteName}>{who}</span>
      <span className={styles.quoteText}>{text}</span>
    </button>
  );
}
