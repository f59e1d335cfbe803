import { type Chat, creditsToDollars, MAX_MESSAGE_RATE, NOTE_MAX_LENGTH, plural } from '@parlor/contract';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { CloseIcon } from '../../ui/icons';
import { LinkButton } from '../../ui/LinkButton';
import { showToast } from '../../ui/toasts';
import { formatDay } from '../chats/relativeTime';
import { useSeatAllows } from '../team/seatAccess';
import { addNote, changeRate, deleteNote, updateNote } from './conversationThunks';
import styles from './FanPanel.module.css';

/** A creator's side panel on the fan (a sheet on mobile): private notes and the message rate. */
export function FanPanel({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const otherUserId = chat.other_user._id;
  const rateShown = useSeatAllows('changeRate');
  return (
    <aside className={styles.panel} aria-label={`About ${chat.other_user.username}`}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>About {chat.other_user.username}</h2>
        <IconButton aria-label="Close notes" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Spent with you</dt>
          <dd>{chat.spent_credits} credits</dd>
        </div>
        <div>
          <dt>Chatting since</dt>
          <dd>{formatDay(chat.created_at)}</dd>
        </div>
      </dl>
      {/* A team seat changes a fan's rate only with the `paid` permission. */}
      {rateShown && (
        <RateForm otherUserId={otherUserId} username={chat.other_user.username} rate={chat.credit_rate} />
      )}
      <h3 className={styles.panelSubtitle}>Notes</h3>
      <ul className={styles.notes}>
        {chat.notes.length === 0 && <li className={styles.muted}>No notes yet. Only you can see them.</li>}
        {chat.notes.map((note) => (
          <NoteItem key={note._id} otherUserId={otherUserId} noteId={note._id} text={note.text} />
        ))}
      </ul>
      <NewNote otherUserId={otherUserId} />
    </aside>
  );
}

/** What the toast after a saved rate says: the fan, and the price each message of theirs now costs. */
export function rateSavedText(username: string, rate: number): string {
  return rate === 0
    ? `Saved: messages from ${username} are free.`
    : `Saved: each message from ${username} costs ${plural(rate, 'credit')} ($${creditsToDollars(rate)}).`;
}

function RateForm({ otherUserId, username, rate }: { otherUserId: string; username: string; rate: number }) {
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(String(rate));
  const request = useAppSelector((s) => selectRequest(s, changeRate));
  const parsed = Number(value);
  const valid = value !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= MAX_MESSAGE_RATE;
  return (
    <form
      className={styles.rateForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void dispatch(changeRate({ otherUserId, rate: parsed })).then((result) => {
          if (changeRate.fulfilled.match(result)) showToast(rateSavedText(username, result.payload.rate));
        });
      }}
    >
      <label htmlFor="message-rate">Price per message (credits)</label>
      <div className={styles.rateRow}>
        <input
          id="message-rate"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MESSAGE_RATE}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!valid}
        />
        <Button
          type="submit"
          size="small"
          variant="secondary"
          disabled={!valid || parsed === rate}
          loading={request.status === 'Fetching'}
        >
          Save
        </Button>
      </div>
      {request.status === 'Error' && <p className={styles.error}>{request.error?.message}</p>}
    </form>
  );
}

function NoteItem({ otherUserId, noteId, text }: { otherUserId: string; noteId: string; text: string }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  if (editing) {
    return (
      <li className={styles.note}>
        <textarea
          className={styles.noteInput}
          value={draft}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          aria-label="Edit note"
        />
        <div className={styles.noteActions}>
          <Button size="small" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button
            size="small"
            disabled={!draft.trim()}
            onClick={async () => {
              await dispatch(updateNote({ otherUserId, noteId, text: draft.trim() }));
              setEditing(false);
            }}
          >
            Save
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className={styles.note}>
      <p>{text}</p>
      <div className={styles.noteActions}>
        <LinkButton onClick={() => setEditing(true)}>Edit</LinkButton>
        <LinkButton onClick={() => dispatch(deleteNote({ otherUserId, noteId }))}>Delete</LinkButton>
      </div>
    </li>
  );
}

function NewNote({ otherUserId }: { otherUserId: string }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const request = useAppSelector((s) => selectRequest(s, addNote));
  return (
    <form
      className={styles.newNote}
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await dispatch(addNote({ otherUserId, text: text.trim() }));
        if (addNote.fulfilled.match(result)) setText('');
      }}
    >
      <label htmlFor="new-note" className="visually-hidden">
        New note
      </label>
      <textarea
        id="new-note"
        className={styles.noteInput}
        value={text}
        maxLength={NOTE_MAX_LENGTH}
        placeholder="Add a private note…"
        onChange={(e) => setText(e.target.value)}
      />
      {request.status === 'Error' && <p className={styles.error}>{request.error?.message}</p>}
      <Button type="submit" size="small" disabled={!text.trim()} loading={request.status === 'Fetching'}>
        Add note
      </Button>
    </form>
  );
}
