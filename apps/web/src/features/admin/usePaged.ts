import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorInfo } from '../../platform/api';

export interface Paged<T> {
  items: T[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/** A list the console pages through: the first page on mount and on reload, then more on demand. */
export function usePaged<T>(
  load: (offset: number) => Promise<{ data: T[]; next: string | null }>,
  key: string,
): Paged<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const fetchPage = useCallback((offset: number, replace: boolean) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    loadRef.current(offset).then(
      (page) => {
        if (mine !== generation.current) return;
        setItems((prev) => (replace ? page.data : [...prev, ...page.data]));
        setHasMore(page.next !== null);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== generation.current) return;
        setError(toErrorInfo(e).message);
        setLoading(false);
      },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what is listed; a new key starts over
  useEffect(() => fetchPage(0, true), [fetchPage, key]);

  return {
    items,
    loading,
    error,
    hasMore,
    more: () => fetchPage(items.length, false),
    reload: () => fetchPage(0, true),
  };
}
