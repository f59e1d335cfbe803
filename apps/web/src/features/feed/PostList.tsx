import { type ReactNode, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import card from '../../ui/Card.module.css';
import skeleton from '../../ui/Skeleton.module.css';
import { Spinner } from '../../ui/Spinner';
// The feeds' listeners, registered with their code.
import './feedListeners';
import { loadFeed, loadMoreFeed, selectFeed, selectFeedList } from './feedSlice';
import { PostCard } from './PostCard';
import styles from './PostList.module.css';

/** Grey stand-ins in the shape of posts while the first page loads. */
function Skeletons() {
  return (
    <div className={styles.list} aria-hidden="true" data-testid="feed-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${card.card} ${styles.skeleton}`}>
          <div className={styles.skeletonHead}>
            <span className={`${styles.skeletonAvatar} ${skeleton.shimmer}`} />
            <span className={`${styles.skeletonLine} ${skeleton.shimmer}`} />
          </div>
          <span className={`${styles.skeletonLine} ${skeleton.shimmer}`} />
          <span className={`${styles.skeletonMedia} ${skeleton.shimmer}`} />
        </div>
      ))}
    </div>
  );
}

/**
 * A feed's posts with infinite scroll: the first page loads on mount under the cache rule (a list
 * fetched less than 10 minutes ago is shown as held), the next page when the sentinel under the
 * last post comes into view. Loading, failure (with retry) and `empty` are shown in place.
 */
export function PostList({
  modelId,
  scheduled,
  empty,
}: {
  modelId?: string;
  /** My posts still to appear (read again each time the list is shown: their times pass). */
  scheduled?: boolean;
  empty: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => selectFeedList(state, modelId, scheduled));
  const posts = useAppSelector((state) => selectFeed(state).posts);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void dispatch(loadFeed({ modelId, scheduled, force: scheduled }));
  }, [dispatch, modelId, scheduled]);

  const canLoadMore = list.next !== null && list.status === 'ready' && !list.error;
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void dispatch(loadMoreFeed({ modelId, scheduled }));
      },
      // Start on the next page a screen before the end, so scrolling rarely waits.
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, dispatch, modelId, scheduled]);

  if (list.status === 'error') {
    return (
      <div className={styles.failure} role="alert">
        <p>{list.error ?? 'The feed could not be loaded.'}</p>
        <Button
          variant="secondary"
          onClick={() => void dispatch(loadFeed({ modelId, scheduled, force: true }))}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (list.fetchedAt === null) return <Skeletons />;
  if (list.ids.length === 0) return <>{empty}</>;

  return (
    <div className={styles.list}>
      {list.ids.map((id) => {
        const post = posts[id];
        return post ? <PostCard key={id} post={post} subscribed={list.isSubscribed} /> : null;
      })}
      <div ref={sentinel} className={styles.sentinel} />
      {list.status === 'loadingMore' && <Spinner size={25} label="Loading more posts" />}
      {list.error && (
        <div className={styles.failure} role="alert">
          <p>{list.error}</p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              if (list.next) void dispatch(loadMoreFeed({ modelId, scheduled }));
              else void dispatch(loadFeed({ modelId, scheduled, force: true }));
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {list.next === null && list.ids.length > 3 && <p className={styles.end}>You are all caught up.</p>}
    </div>
  );
}
