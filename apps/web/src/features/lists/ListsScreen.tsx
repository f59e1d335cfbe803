import { type FanList, LIST_MESSAGES } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { listTabChosen } from '../chats/inboxSlice';
import { selectFeatureOff } from '../provider/providerConfigSlice';
import { useSeatAllows } from '../team/seatAccess';
import { LISTS_PATH, ListEditor } from './ListEditor';
import { ListsIcon } from './ListsIcon';
import styles from './ListsScreen.module.css';
import { describeRule, fansCount } from './listRules';
import { selectLists } from './listsSlice';
import { deleteList, loadLists } from './listsThunks';

function ListCard({ list, onDelete }: { list: FanList; onDelete: (list: FanList) => void }) {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const inbox = useSeatAllows('listChats');
  const seatBroadcasts = useSeatAllows('sendBroadcast');
  const broadcastOff = useAppSelector(selectFeatureOff('broadcast'));
  const broadcasts = seatBroadcasts && !broadcastOff;
  const headingId = `list-${list._id}`;
  const rule = describeRule(list.rule);
  return (
    <li className={styles.card} aria-labelledby={headingId} data-testid="fan-list">
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.name}>
          {list.name}
        </h2>
        <span className={styles.kind} data-kind={list.kind}>
          {list.kind === 'smart' ? 'Smart' : 'Custom'}
        </span>
      </div>
      <p className={styles.count} data-testid="fan-list-count">
        {fansCount(list.count)}
      </p>
      {rule.length > 0 ? (
        <ul className={styles.ruleParts} aria-label="Rules">
          {rule.map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Fans you add by hand.</p>
      )}
      <div className={styles.cardActions}>
        {inbox && (
          <Button
            size="small"
            onClick={() => {
              dispatch(listTabChosen(list._id));
              navigate('/chats');
            }}
            aria-label={`Open ${list.name} in your inbox`}
          >
            Open in inbox
          </Button>
        )}
        {broadcasts && (
          <Button
            variant="secondary"
            size="small"
            aria-label={`Broadcast to ${list.name}`}
            onClick={() =>
              navigate('/broadcast', { state: { audience: { kind: 'list', listId: list._id } } })
            }
          >
            Broadcast
          </Button>
        )}
        <Link
          to={`${LISTS_PATH}/${list._id}`}
          className={buttonClass('secondary', 'small')}
          aria-label={`Edit ${list.name}`}
        >
          Edit
        </Link>
        <Button
          variant="ghost"
          size="small"
          onClick={() => onDelete(list)}
          aria-label={`Delete ${list.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Deleting a list leaves its fans and chats as they are; its tab leaves the inbox. */
function DeleteDialog({ list, onClose }: { list: FanList; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    const result = await dispatch(deleteList(list._id));
    setBusy(false);
    if (deleteList.fulfilled.match(result)) onClose();
    else setFailure(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };
  return (
    <Dialog
      title={`Delete “${list.name}”?`}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void remove()} loading={busy}>
            Delete list
          </Button>
        </>
      }
    >
      <p>The list and its inbox tab go. The fans on it and your chats with them stay as they are.</p>
      <FormAlert message={failure} />
    </Dialog>
  );
}

function ListsIndex() {
  const dispatch = useAppDispatch();
  const { items, status, error } = useAppSelector(selectLists);
  const [deleting, setDeleting] = useState<FanList | null>(null);
  const loaded = status === 'Fetched' || (status === 'Fetching' && items.length > 0);
  return (
    <div className={styles.screen}>
      <Link to="/chats" className={styles.back}>
        ← Chats
      </Link>
      <PageHeader
        title="Lists"
        subtitle="Group your fans: open a list as an inbox tab, or broadcast to it."
        actions={
          <Link to={`${LISTS_PATH}/new`} className={buttonClass('primary', 'medium')}>
            New list
          </Link>
        }
      />
      {status === 'Error' && (
        <div className={styles.failure} role="alert">
          <p>{error?.message ?? 'Your lists could not be loaded.'}</p>
          <Button variant="secondary" size="small" onClick={() => dispatch(loadLists())}>
            Try again
          </Button>
        </div>
      )}
      {!loaded && status !== 'Error' && <Spinner size={25} label="Loading your lists" />}
      {loaded && items.length === 0 && (
        <EmptyState
          icon={<ListsIcon size={30} />}
          title="No lists yet"
          text="A custom list holds the fans you pick. A smart list fills itself from rules, such as fans who spent 50 credits this month."
          action={
            <div className={styles.emptyActions}>
              <Link to={`${LISTS_PATH}/new?kind=smart`} className={buttonClass('primary')}>
                New smart list
              </Link>
              <Link to={`${LISTS_PATH}/new`} className={buttonClass('secondary')}>
                New custom list
              </Link>
            </div>
          }
        />
      )}
      {items.length > 0 && (
        <ul className={styles.cards}>
          {items.map((list) => (
            <ListCard key={list._id} list={list} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {deleting && <DeleteDialog list={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

/** /lists, /lists/new and /lists/{id} (creators, and seats that work the inbox or broadcasts). */
export function ListsScreen() {
  const dispatch = useAppDispatch();
  const rest = useParams()['*'] ?? '';
  const [query] = useSearchParams();
  const { items, status } = useAppSelector(selectLists);
  useEffect(() => {
    void dispatch(loadLists());
  }, [dispatch]);

  if (rest === '') return <ListsIndex />;
  if (rest === 'new')
    return <ListEditor key="new" kind={query.get('kind') === 'smart' ? 'smart' : 'custom'} />;
  const list = items.find((l) => l._id === rest);
  if (list) return <ListEditor key={list._id} list={list} />;
  if (status !== 'Fetched' && status !== 'Error') return <Spinner size={25} label="Loading the list" />;
  return (
    <div className={styles.screen}>
      <Link to={LISTS_PATH} className={styles.back}>
        ← Lists
      </Link>
      <EmptyState
        icon={<ListsIcon size={30} />}
        title={LIST_MESSAGES.notFound}
        text="It may have been deleted."
        level={1}
      />
    </div>
  );
}
