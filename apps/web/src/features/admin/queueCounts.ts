import { type AdminQueueCounts, endpoints } from '@parlor/contract';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { call } from '../../platform/api';

/** Asks the console to count its queues again: every action that may close an item calls it. */
export const RefreshCounts = createContext<() => void>(() => {});
export const useRefreshCounts = () => useContext(RefreshCounts);

/**
 * The open items of every queue (GET /v1/admin/queue/counts), loaded with the console and again on
 * `refresh`. A failed count leaves the last one standing: the tabs work without their numbers.
 */
export function useQueueCounts() {
  const [counts, setCounts] = useState<AdminQueueCounts | null>(null);
  const generation = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++generation.current;
    call(endpoints.adminQueueCounts).then(
      (next) => {
        if (mine === generation.current) setCounts(next);
      },
      () => undefined,
    );
  }, []);
  useEffect(() => refresh(), [refresh]);
  return { counts, refresh };
}
