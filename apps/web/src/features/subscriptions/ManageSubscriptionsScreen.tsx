import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { StarIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import styles from './ManageSubscriptionsScreen.module.css';
import {
  allToggled,
  cancelSubscriptions,
  editModeToggled,
  loadMoreSubscriptions,
  loadSubscriptions,
  selectActiveCount,
  selectionToggled,
  selectSubscriptions,
} from './subscriptionsSlice';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: '2-digit', month: 'short', year: 'numeric' });

/** Manage subscriptions: the list, and an edit mode to cancel several at once. */
export function ManageSubscriptionsScreen() {
  const dispatch = useAppDispatch();
  const { items, next, total, loaded, editing, selected } = useAppSelector(selectSubscriptions);
  const activeCount = useAppSelector(selectActiveCount);
  const canceling = useAppSelector((s) => selectRequest(s, cancelSubscriptions));
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMoreSubscriptions)).status === 'Fetching';

  useEffect(() => {
    void dispatch(loadSubscriptions());
  }, [dispatch]);

  const allSelected = activeCount > 0 && selected.length === activeCount;
  return (
    <>
      <PageHeader
        title="Subscriptions"
        subtitle={
          loaded
            ? `${total} ${total === 1 ? 'subscription' : 'subscriptions'}, ${activeCount} active`
            : undefined
        }
        actions={
          activeCount > 0 ? (
            <Button variant="secondary" size="small" onClick={() => dispatch(editModeToggled())}>
              {editing ? 'Done' : 'Edit'}
            </Button>
          ) : undefined
        }
      />
      {!loaded ? (
        <div className={styles.center}>
          <Spinner size={50} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<StarIcon size={34} />}
          title="No subscriptions yet"
          text="Subscribe to a creator from your chat with them. Your subscriptions show up here."
          action={<Link to="/discover">Discover creators</Link>}
        />
      ) : (
        <>
          {editing && (
            <div className={styles.toolbar}>
              <label className={styles.check}>
                <input type="checkbox" checked={allSelected} onChange={() => dispatch(allToggled())} />
                Select all active
              </label>
              <Button
                variant="danger"
                size="small"
                disabled={selected.length === 0}
                loading={canceling.status === 'Fetching'}
                onClick={() => dispatch(cancelSubscriptions(selected))}
              >
                Cancel {selected.length || ''} {selected.length === 1 ? 'subscription' : 'subscriptions'}
              </Button>
            </div>
          )}
          <FormAlert message={canceling.status === 'Error' ? canceling.error?.message : null} />
          <ul className={styles.list} aria-label="Subscriptions">
            {items.map((s) => {
              const selectable = editing && s.status === 'active';
              return (
                <li key={s._id} className={styles.item} data-selected={selected.includes(s._id) || undefined}>
                  {editing && (
                    <input
                      type="checkbox"
                      className={styles.itemCheck}
                      aria-label={`Select ${s.user.username}`}
                      checked={selected.includes(s._id)}
                      disabled={!selectable}
                      onChange={() => dispatch(selectionToggled(s._id))}
                    />
                  )}
                  <Avatar name={s.user.username} src={s.user.avatar_url} size={44} />
                  <div className={styles.text}>
                    <Link to={`/chats/${s.user._id}`} className={styles.name}>
                      {s.user.username}
                    </Link>
                    <span className={styles.meta}>
                      {s.price} credits (${s.price_in_dollars}) a month ·{' '}
                      {s.status === 'active' ? `renews ${date(s.ends_at)}` : `ends ${date(s.ends_at)}`}
                    </span>
                  </div>
                  <span className={s.status === 'active' ? styles.active : styles.canceled}>
                    {s.status === 'active' ? 'Active' : 'Canceled'}
                  </span>
                </li>
              );
            })}
          </ul>
          {next && (
            <Button
              variant="secondary"
              loading={loadingMore}
              onClick={() => dispatch(loadMoreSubscriptions(next))}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </>
  );
}
