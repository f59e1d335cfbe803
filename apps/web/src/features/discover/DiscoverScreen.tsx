import { DISCOVER_PAGE_SIZE, plural } from '@parlor/contract';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, CompassIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { useWelcomedCreatorId } from '../welcome/useWelcome';
import { WelcomeCard } from '../welcome/WelcomeCard';
import { CardSkeleton, CreatorCard } from './CreatorCard';
import { DiscoverFilters } from './DiscoverFilters';
import styles from './DiscoverScreen.module.css';
import { type DiscoverFilters as Filters, filtersKey, hasActiveFilters, pinFirst } from './discoverModel';
import { loadDiscover, loadMoreDiscover, restoreCardHistory, selectDiscover } from './discoverSlice';
import { SuggestedCard } from './SuggestedCard';
import { useDiscoverFilters } from './useDiscoverFilters';

/** Skeletons under the list while the following page loads: about one row at any width. */
const MORE_SKELETONS = 5;
/** How far below the screen the next page starts loading. */
const PRELOAD_MARGIN = '800px 0px';

/** Loads the next page when the sentinel under the grid comes near the screen. */
function useInfiniteScroll(next: string | null, ready: boolean) {
  const dispatch = useAppDispatch();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !next || !ready || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void dispatch(loadMoreDiscover(next));
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [dispatch, next, ready]);
  return sentinel;
}

function RetryRow({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.retry} role="alert">
      <span>More creators could not be loaded.</span>
      <Button variant="secondary" size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function NoCreators({ filters, onClear }: { filters: Filters; onClear: () => void }) {
  const filtered = hasActiveFilters(filters);
  const text = filters.code
    ? `No creators came with the code “${filters.code}” yet. Clear the filters to see every creator.`
    : filters.q.trim()
      ? `No creator matches “${filters.q.trim()}”. Check the spelling, try a tag such as music or travel, or clear the filters.`
      : filters.near
        ? 'No creators near you yet. Clear the filters to see creators everywhere.'
        : filtered
          ? 'No creators match these filters. Try fewer of them.'
          : 'We are lining up creators for you. Check back soon to start your first conversation.';
  return (
    <EmptyState
      icon={<CompassIcon size={34} />}
      title={filtered ? 'No creators found' : 'Creators will appear here'}
      text={text}
      action={
        filtered && (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        )
      }
    />
  );
}

/** /discover: creator cards, filtered and searchable, 20 at a time with infinite scroll. */
export function DiscoverScreen() {
  const dispatch = useAppDispatch();
  const { filters, update, clear } = useDiscoverFilters();
  const list = useAppSelector(selectDiscover);
  const welcomed = useWelcomedCreatorId();
  const key = filtersKey(filters);

  useEffect(() => {
    dispatch(restoreCardHistory());
  }, [dispatch]);

  // A new set of filters loads its first page; the one before it is called off.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filters.
  useEffect(() => {
    const request = dispatch(loadDiscover(filters));
    return () => request.abort();
  }, [dispatch, key]);

  const sentinel = useInfiniteScroll(list.next, list.status === 'loaded' && list.more === 'idle');
  const current = list.key === key;
  const cards = current ? list.cards : [];
  const firstLoad = cards.length === 0 && (list.status === 'loading' || list.status === 'idle' || !current);

  return (
    <div className={styles.screen}>
      <PageHeader title="Discover" subtitle="Find creators to follow and chat with." />
      <DiscoverFilters filters={filters} onChange={update} />
      <WelcomeCard />
      <SuggestedCard />

      <p className="visually-hidden" role="status">
        {firstLoad
          ? 'Loading creators'
          : list.status === 'loaded'
            ? `${plural(cards.length, 'creator')} shown`
            : ''}
      </p>

      {list.status === 'error' && cards.length === 0 ? (
        <EmptyState
          icon={<AlertIcon size={34} />}
          title="Creators could not be loaded"
          text={list.error?.message}
          action={<Button onClick={() => void dispatch(loadDiscover(filters))}>Try again</Button>}
        />
      ) : list.status === 'loaded' && cards.length === 0 ? (
        <NoCreators filters={filters} onClear={clear} />
      ) : (
        <ul className={styles.grid} aria-label="Creators" aria-busy={firstLoad || list.more === 'loading'}>
          {firstLoad
            ? Array.from({ length: DISCOVER_PAGE_SIZE }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                <li key={i}>
                  <CardSkeleton />
                </li>
              ))
            : pinFirst(cards, welcomed).map((card) => (
                <li key={card._id}>
                  <CreatorCard card={card} invited={card._id === welcomed} />
                </li>
              ))}
          {list.more === 'loading' &&
            Array.from({ length: MORE_SKELETONS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
              <li key={`more-${i}`}>
                <CardSkeleton />
              </li>
            ))}
        </ul>
      )}

      {list.more === 'error' && list.next && (
        <RetryRow onRetry={() => list.next && void dispatch(loadMoreDiscover(list.next))} />
      )}
      {list.status === 'error' && cards.length > 0 && (
        <RetryRow onRetry={() => void dispatch(loadDiscover(filters))} />
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
    </div>
  );
}
