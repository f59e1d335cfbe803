import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import styles from './AdminConsole.module.css';
import type { Paged } from './usePaged';

/** A console list's query for the page at `offset`. */
export const page = (offset: number) => ({ query: { offset } });

/** The states every list shares: loading, failed, empty, and "load more". */
export function ListFrame<T>({
  list,
  empty,
  children,
}: {
  list: Paged<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <div className={styles.list}>
      {list.items.length > 0 && children(list.items)}
      {list.error && <FormAlert message={list.error} />}
      {list.loading && (
        <div className={styles.loading}>
          <Spinner size={25} label="Loading" />
        </div>
      )}
      {!list.loading && !list.error && list.items.length === 0 && <p className={styles.empty}>{empty}</p>}
      {list.hasMore && !list.loading && (
        <Button variant="secondary" onClick={list.more}>
          Load more
        </Button>
      )}
    </div>
  );
}
