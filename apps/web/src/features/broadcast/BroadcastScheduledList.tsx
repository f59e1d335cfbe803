import { type BroadcastStats, creditsToDollars, plural, SCHEDULE_MESSAGES } from '@parlor/contract';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { ImageIcon, SendIcon } from '../../ui/icons';
import { PagedStates } from '../../ui/PagedStates';
import { scheduledText } from '../scheduling/scheduleTime';
import own from './BroadcastLists.module.css';
import styles from './BroadcastScreen.module.css';
import { what } from './BroadcastStatsList';
import { selectBroadcast } from './broadcastSlice';
import { cancelScheduled, loadScheduled } from './broadcastThunks';
import { ScheduledEditDialog } from './ScheduledEditDialog';

/** A refusal of a broadcast that started meanwhile says so in the contract's words. */
export const startedMessage = (error: { status: number; message: string } | undefined) =>
  error?.status === 409 ? SCHEDULE_MESSAGES.started : (error?.message ?? null);

function ScheduledRow({
  b,
  onEdit,
  onCancel,
}: {
  b: BroadcastStats;
  onEdit: (b: BroadcastStats) => void;
  onCancel: (b: BroadcastStats) => void;
}) {
  const excluded = b.exclude_lists.map((l) => l.name);
  return (
    <li className={styles.statsRow} data-testid="scheduled-broadcast" data-status="scheduled">
      <div className={styles.statsHead}>
        <div className={styles.statsThumb} aria-hidden="true">
          {b.preview ? (
            <img src={b.preview} alt="" loading="lazy" />
          ) : b.type === 'text' ? (
            <SendIcon size={20} />
          ) : (
            <ImageIcon size={20} />
          )}
        </div>
        <div className={styles.statsText}>
          <span className={styles.statsWhat}>{what(b)}</span>
          {b.send_at && (
            <time className={own.when} dateTime={b.send_at}>
              {scheduledText(b.send_at)}
            </time>
          )}
        </div>
        <span className={styles.status} data-status="scheduled">
          Scheduled
        </span>
      </div>
      <dl className={own.facts}>
        <div>
          <dt>To</dt>
          <dd>{b.list ? b.list.name : 'The inbox tab or chats you chose'}</dd>
        </div>
        {excluded.length > 0 && (
          <div>
            <dt>Leaving out</dt>
            <dd>{excluded.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Price</dt>
          <dd>{b.price > 0 ? `${plural(b.price, 'credit')} ($${creditsToDollars(b.price)})` : 'Free'}</dd>
        </div>
      </dl>
      <div className={own.actions}>
        <Button variant="secondary" size="small" onClick={() => onEdit(b)}>
          Edit
        </Button>
        <Button variant="ghost" size="small" onClick={() => onCancel(b)}>
          Cancel
        </Button>
      </div>
    </li>
  );
}

/** Cancelling one that has not started: nothing goes out. */
function CancelDialog({ b, onClose }: { b: BroadcastStats; onClose: (notice?: string) => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => selectRequest(s, cancelScheduled)).status === 'Fetching';
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    const result = await dispatch(cancelScheduled(b._id));
    if (cancelScheduled.fulfilled.match(result)) onClose('Broadcast canceled. Nothing was sent.');
    else if (result.payload?.status === 409) onClose(SCHEDULE_MESSAGES.started);
    else setError(startedMessage(result.payload) ?? 'Something went wrong. Please try again later.');
  };
  return (
    <Dialog
      title="Cancel this broadcast?"
      onClose={busy ? undefined : () => onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={() => onClose()} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy}>
            Cancel broadcast
          </Button>
        </>
      }
    >
      <p>
        It will not be sent{b.send_at ? ` on ${scheduledText(b.send_at)}` : ''}. Nothing has gone out yet.
      </p>
      <FormAlert message={error} />
    </Dialog>
  );
}

/** The broadcasts waiting for their time, soonest first, each with Edit and Cancel until it starts. */
export function BroadcastScheduledList() {
  const dispatch = useAppDispatch();
  const { scheduled } = useAppSelector(selectBroadcast);
  const [editing, setEditing] = useState<BroadcastStats | null>(null);
  const [canceling, setCanceling] = useState<BroadcastStats | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const closed = (result?: string) => {
    setEditing(null);
    setCanceling(null);
    if (result) setNotice(result);
  };

  return (
    <div className={styles.stats}>
      {notice && (
        <p className={own.note} role="status">
          {notice}
        </p>
      )}
      {scheduled.items.length > 0 && (
        <ul className={styles.statsList}>
          {scheduled.items.map((b) => (
            <ScheduledRow key={b._id} b={b} onEdit={setEditing} onCancel={setCanceling} />
          ))}
        </ul>
      )}
      <PagedStates
        status={scheduled.status}
        shown={scheduled.items.length}
        hasMore={scheduled.next !== null}
        error={scheduled.error?.message ?? 'Your scheduled broadcasts could not be loaded.'}
        empty={
          <EmptyState
            icon={<SendIcon size={30} />}
            title="Nothing scheduled"
            text="Turn on Send later to have a broadcast go out at a time you choose."
          />
        }
        loadingLabel="Loading your scheduled broadcasts"
        onRetry={() => dispatch(loadScheduled({ reset: true }))}
        onMore={() => dispatch(loadScheduled({ reset: false }))}
      />
      {editing && <ScheduledEditDialog b={editing} onClose={closed} />}
      {canceling && <CancelDialog b={canceling} onClose={closed} />}
    </div>
  );
}
