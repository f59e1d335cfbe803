import type { SavedReply } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { NoteIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { SettingsPage } from '../settings/SettingsPage';
import styles from './SavedRepliesScreen.module.css';
import { SavedReplyForm } from './SavedReplyForm';
import { selectSavedReplies } from './savedRepliesSlice';
import { deleteSavedReply, loadSavedReplies } from './savedRepliesThunks';
import { attachmentLabel, replyMediaKind } from './savedReplyModel';

function DeleteDialog({ reply, onClose }: { reply: SavedReply; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    const result = await dispatch(deleteSavedReply(reply._id));
    setBusy(false);
    if (deleteSavedReply.fulfilled.match(result)) onClose();
    else setFailure(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };
  return (
    <Dialog
      title={`Delete “${reply.title}”?`}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void remove()} loading={busy}>
            Delete reply
          </Button>
        </>
      }
    >
      <p>Messages already sent with it stay as they are.</p>
      <FormAlert message={failure} />
    </Dialog>
  );
}

function ReplyRow({
  reply,
  onEdit,
  onDelete,
}: {
  reply: SavedReply;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const kind = replyMediaKind(reply);
  return (
    <li className={styles.row} data-testid="saved-reply">
      {reply.media && (
        <span className={styles.thumb} aria-hidden="true">
          {reply.media.th ? <img src={reply.media.th} alt="" loading="lazy" /> : null}
        </span>
      )}
      <div className={styles.rowText}>
        <span className={styles.title}>/{reply.title}</span>
        {reply.text && <span className={styles.excerpt}>{reply.text}</span>}
        {kind && <span className={styles.badge}>{attachmentLabel(reply, kind)}</span>}
      </div>
      <div className={styles.rowActions}>
        <Button variant="secondary" size="small" onClick={onEdit} aria-label={`Edit ${reply.title}`}>
          Edit
        </Button>
        <Button variant="ghost" size="small" onClick={onDelete} aria-label={`Delete ${reply.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * /account/settings/saved-replies (creators, and seats with chats): replies typed once and sent
 * again from any chat with `/`.
 */
export function SavedRepliesScreen() {
  const dispatch = useAppDispatch();
  const { items, status, error } = useAppSelector(selectSavedReplies);
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  useEffect(() => {
    void dispatch(loadSavedReplies());
  }, [dispatch]);
  const loaded = status === 'Fetched' || items.length > 0;

  return (
    <SettingsPage
      title="Saved replies"
      subtitle="Answers you send again and again: type / in a chat to insert one."
    >
      {editing === 'new' ? (
        <SavedReplyForm onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button onClick={() => setEditing('new')}>New saved reply</Button>
        </div>
      )}
      {status === 'Error' && (
        <div className={styles.failure} role="alert">
          <p>{error?.message ?? 'Your saved replies could not be loaded.'}</p>
          <Button variant="secondary" size="small" onClick={() => dispatch(loadSavedReplies())}>
            Try again
          </Button>
        </div>
      )}
      {!loaded && status !== 'Error' && <Spinner size={25} label="Loading your saved replies" />}
      {loaded && items.length === 0 && editing !== 'new' && (
        <EmptyState
          icon={<NoteIcon size={30} />}
          title="No saved replies yet"
          text="Save the answers you type most, with a photo or video and a price if you like. In a chat, type / to insert one."
        />
      )}
      {items.length > 0 && (
        <Card tight aria-label="Your saved replies">
          <ul className={styles.rows}>
            {items.map((reply) =>
              editing === reply._id ? (
                <li key={reply._id} className={styles.editing}>
                  <SavedReplyForm reply={reply} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <ReplyRow
                  key={reply._id}
                  reply={reply}
                  onEdit={() => setEditing(reply._id)}
                  onDelete={() => setDeleting(reply)}
                />
              ),
            )}
          </ul>
        </Card>
      )}
      {deleting && <DeleteDialog reply={deleting} onClose={() => setDeleting(null)} />}
    </SettingsPage>
  );
}
