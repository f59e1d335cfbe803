import type { Message } from '@parlor/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch } from '../../platform/hooks';
import { IconButton } from '../../ui/IconButton';
import { MoreIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { useDismiss } from '../../ui/useDismiss';
import { replyStarted } from './conversationActions';
import { deleteMessage, hideMessageForMe } from './conversationThunks';
import styles from './MessageList.module.css';

/** How long a finger rests on a bubble before its menu opens (touch screens have no hover). */
const LONG_PRESS_MS = 450;

/**
 * Hide for me / Delete in a small menu beside the bubble: its button shows on hover or focus and a
 * long press opens it. It floats over the list, so showing it never moves anything.
 */
export function MessageMenu({
  message,
  mine,
  otherUserId,
}: {
  message: Message;
  mine: boolean;
  otherUserId: string;
}) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  useLongPress(ref, () => setOpen(true));
  return (
    <div ref={ref} className={styles.messageMenu} data-open={open || undefined}>
      <IconButton
        className={styles.messageMenuButton}
        aria-label="Message actions"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreIcon size={18} />
      </IconButton>
      {open && (
        <Menu id={menuId} role="menu" className={styles.messageMenuPanel}>
          {message.type !== 'tip' && (
            <MenuItem
              role="menuitem"
              className={styles.messageMenuItem}
              onClick={() => {
                setOpen(false);
                dispatch(
                  replyStarted({
                    otherUserId,
                    parent: {
                      _id: message._id,
                      text: message.text,
                      sender_id: message.sender_id,
                      type: message.type,
                    },
                  }),
                );
              }}
            >
              Reply
            </MenuItem>
          )}
          <MenuItem
            role="menuitem"
            className={styles.messageMenuItem}
            onClick={() => {
              setOpen(false);
              void dispatch(hideMessageForMe({ otherUserId, messageId: message._id }));
            }}
          >
            Hide for me
          </MenuItem>
          {mine && (
            <MenuItem
              role="menuitem"
              className={[styles.messageMenuItem, styles.danger].join(' ')}
              onClick={() => {
                setOpen(false);
                void dispatch(deleteMessage({ otherUserId, messageId: message._id }));
              }}
            >
              Delete for everyone
            </MenuItem>
          )}
        </Menu>
      )}
    </div>
  );
}

/** Calls `onLongPress` when a touch rests on the bubble beside `ref` (its previous sibling). */
function useLongPress(ref: React.RefObject<HTMLDivElement | null>, onLongPress: () => void) {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  useEffect(() => {
    const bubble = ref.current?.previousElementSibling as HTMLElement | null;
    if (!bubble) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => clearTimeout(timer);
    const start = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      cancel();
      timer = setTimeout(() => callback.current(), LONG_PRESS_MS);
    };
    const menu = (event: Event) => {
      // The long press opens ours, not the browser's (save image, copy).
      if (timer !== undefined) event.preventDefault();
    };
    bubble.addEventListener('pointerdown', start);
    bubble.addEventListener('pointerup', cancel);
    bubble.addEventListener('pointercancel', cancel);
    bubble.addEventListener('pointermove', cancel);
    bubble.addEventListener('contextmenu', menu);
    return () => {
      cancel();
      bubble.removeEventListener('pointerdown', start);
      bubble.removeEventListener('pointerup', cancel);
      bubble.removeEventListener('pointercancel', cancel);
      bubble.removeEventListener('pointermove', cancel);
      bubble.removeEventListener('contextmenu', menu);
    };
  }, [ref]);
}
