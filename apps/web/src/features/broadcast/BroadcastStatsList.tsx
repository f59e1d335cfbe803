import { type BroadcastStats, creditsToDollars, groupDigits } from '@parlor/contract';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { ImageIcon, SendIcon } from '../../ui/icons';
import { PagedStates } from '../../ui/PagedStates';
import { formatChatTime } from '../chats/relativeTime';
import styles from './BroadcastScreen.module.css';
import { selectBroadcast } from './broadcastSlice';
import { loadBroadcasts, unsendBroadcast } from './broadcastThunks';

const STATUS: Record<BroadcastStats['status'], string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  done: 'Sent',
  canceled: 'Unsent',
};

export const what = (b: BroadcastStats) =>
  b.text || (b.type === 'video' ? 'Video' : b.type === 'image' ? 'Photo' : 'Message');

/** One figure of a broadcast: the value, and under it what qualifies it (dollars, of how many). */
function Figure({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: string;
  sub?: string;
  testId?: string;
}) {
  return (
    <div className={styles.figure} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {value}
        {sub && <span className={styles.figureSub}>{sub}</span>}
      </dd>
    </div>
  );
}

function StatsRow({ b, onUnsend }: { b: BroadcastStats; onUnsend: (b: BroadcastStats) => void }) {
  return (
    <li className={styles.statsRow} data-testid="broadcast-stats-row" data-status={b.status}>
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
          <span className={styles.muted}>
            <time dateTime={b.created_at}>{formatChatTime(b.created_at)}</time>
            {b.self_destruct && ' · Self-destructing'}
          </span>
        </div>
        <span className={styles.status} data-status={b.status}>
          {/* A scheduled one cancelled before its time was never sent: it was not unsent either. */}
          {b.status === 'canceled' && b.send_at && b.sent === 0 ? 'Canceled' : STATUS[b.status]}
        </span>
      </div>
      <dl className={styles.figures}>
        <Figure
          label="Price"
          value={b.price > 0 ? `${groupDigits(b.price)} credits` : 'Free'}
          {...(b.price > 0 ? { sub: `$${creditsToDollars(b.price)}` } : {})}
        />
        <Figure label="Sent" value={groupDigits(b.sent)} sub={`of ${groupDigits(b.total)}`} />
        <Figure label="Read" value={groupDigits(b.read)} />
        <Figure label="Purchases" value={groupDigits(b.purchases)} testId="broadcast-purchases" />
        <Figure
          label="Earned"
          value={`$${creditsToDollars(b.earned)}`}
          sub={`${groupDigits(b.earned)} credits`}
          testId="broadcast-earned"
        />
      </dl>
      {b.status !== 'canceled' && (
        <div className={styles.statsActions}>
          <Button variant="ghost" size="small" onClick={() => onUnsend(b)}>
            Unsend
          </Button>
        </div>
      )}
    </li>
  );
}

/** Unsending removes the copies not bought; bought copies stay with the fans who paid. */
function UnsendDialog({ b, onClose }: { b: BroadcastStats; onClose: (result?: string) => void }) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectRequest(s, unsendBroadcast));
  const [error, setError] = useState<string | null>(null);
  const busy = request.status === 'Fetching';
  const confirm = async () => {
    setError(null);
    const result = await dispatch(unsendBroadcast(b._id));
    if (unsendBroadcast.fulfilled.match(result)) {
      const { deleted, kept } = result.payload;
      onClose(
        `Removed from ${groupDigits(deleted)} chat${deleted === 1 ? '' : 's'}` +
          (kept > 0 ? `; ${groupDigits(kept)} bought cop${kept === 1 ? 'y stays' : 'ies stay'}.` : '.'),
      );
    } else setError(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };
  return (
    <Dialog
      title="Unsend this broadcast?"
      onClose={busy ? undefined : () => onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={() => onClose()} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy}>
            Unsend
          </Button>
        </>
      }
    >
      <p>
        It disappears from the chats of fans who have not bought it. Fans who bought it keep their copy, and
        what you earned stays yours.
      </p>
      <FormAlert message={error} />
    </Dialog>
  );
}

/** Every broadcast sent with its figures, 20 at a time, newest first (the scheduled wait in their own tab). */
export function BroadcastStatsList() {
  const dispatch = useAppDispatch();
  const { stats } = useAppSelector(selectBroadcast);
  const [unsending, setUnsending] = useState<BroadcastStats | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sent = stats.items.filter((b) => b.status !== 'scheduled');

  return (
    <div className={styles.stats}>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {sent.length > 0 && (
        <ul className={styles.statsList}>
          {sent.map((b) => (
            <StatsRow key={b._id} b={b} onUnsend={setUnsending} />
          ))}
        </ul>
      )}
      <PagedStates
        status={stats.status}
        shown={sent.length}
        hasMore={stats.next !== null}
        error={stats.error?.message ?? 'Your broadcasts could not be loaded.'}
        empty={
          <EmptyState
            icon={<SendIcon size={30} />}
            title="No broadcasts yet"
            text="What you send to many fans at once shows here, with reads, purchases and earnings."
          />
        }
        loadingLabel="Loading your broadcasts"
        onRetry={() => dispatch(loadBroadcasts({ reset: true }))}
        onMore={() => dispatch(loadBroadcasts({ reset: false }))}
      />
      {unsending && (
        <UnsendDialog
          b={unsending}
          onClose={(result) => {
            setUnsending(null);
            if (result) setNotice(result);
          }}
        />
      )}
    </div>
  );
}
