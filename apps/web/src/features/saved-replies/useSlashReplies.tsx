import type { SavedReply } from '@parlor/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Spinner } from '../../ui/Spinner';
import styles from './SlashReplies.module.css';
import { selectSavedReplies } from './savedRepliesSlice';
import { loadSavedReplies } from './savedRepliesThunks';
import { attachmentLabel, matchReplies, replyMediaKind, slashKey, slashQuery } from './savedReplyModel';

export const SAVED_REPLIES_PATH = '/account/settings/saved-replies';

interface SlashOptions {
  text: string;
  /** Whether this session offers saved replies here (a creator, a seat with chats). */
  enabled: boolean;
  /** A reply this draft may not use (a priced one, for a seat that may not set prices) is left out. */
  usable: (reply: SavedReply) => boolean;
  onChoose: (reply: SavedReply) => void;
}

/**
 * The composer's `/`: typed at the start of the text, a popup offers the saved replies matching what
 * follows it. The text box keeps the focus and points at the highlighted option (a listbox with
 * aria-activedescendant); Up and Down move, Enter or a click inserts, Escape closes it until the
 * text changes. The caller spreads `inputProps` on its text box and lets `onKeyDown` go first.
 */
export function useSlashReplies({ text, enabled, usable, onChoose }: SlashOptions) {
  const dispatch = useAppDispatch();
  const { items, status } = useAppSelector(selectSavedReplies);
  const listId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = enabled ? slashQuery(text) : null;
  const open = query !== null && dismissed !== text;
  const matches = useMemo(
    () => (query === null ? [] : matchReplies(items.filter(usable), query)),
    [items, query, usable],
  );

  // The replies load the first time a `/` is typed.
  useEffect(() => {
    if (open && status === 'None') void dispatch(loadSavedReplies());
  }, [dispatch, open, status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts from the first match.
  useEffect(() => setActive(0), [query]);

  const current = matches[Math.min(active, matches.length - 1)];
  const optionId = (reply: SavedReply) => `${listId}-${reply._id}`;
  const showing = open && matches.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    const step = slashKey(event.key, event.shiftKey, active, matches.length);
    if (step.kind === 'none') return false;
    event.preventDefault();
    if (step.kind === 'dismiss') {
      event.stopPropagation();
      setDismissed(text);
    } else if (step.kind === 'move') setActive(step.active);
    else {
      const chosen = matches[step.index];
      if (chosen) onChoose(chosen);
    }
    return true;
  };

  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': showing ? listId : undefined,
    'aria-activedescendant': showing && current ? optionId(current) : undefined,
  };

  const popup = open ? (
    <div className={styles.popup}>
      {status === 'Fetching' && items.length === 0 ? (
        <Spinner size={20} label="Loading saved replies" />
      ) : status === 'Error' ? (
        <p className={styles.note} role="alert">
          Saved replies could not be loaded.
        </p>
      ) : matches.length === 0 ? (
        <p className={styles.note}>
          {items.length === 0 ? 'No saved replies yet. ' : `No saved reply matches “${query}”. `}
          <Link to={SAVED_REPLIES_PATH}>Manage saved replies</Link>
        </p>
      ) : (
        <>
          <p className={styles.head} aria-hidden="true">
            Saved replies · ↑↓ to choose, Enter to insert
          </p>
          <div id={listId} role="listbox" aria-label="Saved replies" className={styles.list}>
            {matches.map((reply) => {
              const kind = replyMediaKind(reply);
              const selected = reply === current;
              return (
                // The text box keeps the focus and points at the option (aria-activedescendant); a
                // pointer chooses it with a click.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (Up, Down, Enter).
                <div
                  key={reply._id}
                  id={optionId(reply)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={selected}
                  className={styles.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(matches.indexOf(reply))}
                  onClick={() => onChoose(reply)}
                >
                  <span className={styles.title}>{reply.title}</span>
                  {reply.text && <span className={styles.text}>{reply.text}</span>}
                  {kind && <span className={styles.media}>{attachmentLabel(reply, kind)}</span>}
                </div>
              );
            })}
          </div>
        </>
      )}
      <p className="visually-hidden" role="status">
        {showing ? `${matches.length} saved repl${matches.length === 1 ? 'y' : 'ies'}` : ''}
      </p>
    </div>
  ) : null;

  return { open, popup, onKeyDown, inputProps };
}
