import type { FetchStatus } from '@parlor/contract';
import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './PagedStates.module.css';
import { Spinner } from './Spinner';

/**
 * What a paged list shows around its rows: a spinner before the first page, an empty state once
 * it is known to be empty, a failure with Try again, and Load more while there is a next page.
 */
export function PagedStates({
  status,
  shown,
  hasMore,
  error,
  empty,
  loadingLabel,
  onRetry,
  onMore,
}: {
  status: FetchStatus;
  /** How many rows the list shows now. */
  shown: number;
  hasMore: boolean;
  /** What to say when a page could not be loaded. */
  error: string;
  empty: ReactNode;
  loadingLabel: string;
  onRetry: () => void;
  onMore: () => void;
}) {
  return (
    <>
      {status === 'Fetched' && shown === 0 && empty}
      {status === 'Error' && (
        <div className={styles.failed} role="alert">
          <p>{error}</p>
          <Button variant="secondary" size="small" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {status === 'Fetching' && shown === 0 && <Spinner size={25} label={loadingLabel} />}
      {hasMore && status === 'Fetched' && (
        <Button variant="secondary" size="small" onClick={onMore}>
          Load more
        </Button>
      )}
    </>
  );
}
