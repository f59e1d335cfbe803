import { endpoints, type PublicUser, showsWelcome } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { call } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectUser } from '../auth/authSlice';
import { visitAffiliate } from './welcomeThunks';

/** The id of the creator welcomed for the signed-in fan, while the welcome rule holds. */
export function useWelcomedCreatorId(): string | null {
  const me = useAppSelector(selectUser);
  return me && showsWelcome(me, me.affiliate) ? me.affiliate : null;
}

/** The welcomed creator's public profile for Discover's pinned card; null once the welcome ends. */
export function useWelcomedCreator(): PublicUser | null {
  const id = useWelcomedCreatorId();
  const [creator, setCreator] = useState<PublicUser | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    call(endpoints.affiliate, {}, { signal: controller.signal })
      .then(setCreator)
      // Without her profile (gone since, offline) Discover still flags her card in the grid.
      .catch(() => undefined);
    return () => controller.abort();
  }, [id]);
  return id && creator?._id === id ? creator : null;
}

/**
 * The welcome on `creator`'s own page. Opening it is the visit that ends the welcome everywhere
 * else (recorded here); this page, the welcome itself, keeps its banner as the account was when
 * it opened, until the rule fails for another reason (a credit package bought in any tab).
 */
export function usePageWelcome(creator: PublicUser | null): boolean {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const [opened, setOpened] = useState<{ id: string; visited: boolean } | null>(null);
  const creatorId = creator?._id;
  const ready = !!me && !!creatorId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page opened, with the account as it was then
  useEffect(() => {
    if (!me || !creatorId) return;
    setOpened({ id: creatorId, visited: me.profile_complete_config.is_affiliate_profile_visited });
    void dispatch(visitAffiliate(creatorId));
  }, [dispatch, ready, creatorId]);
  if (!me || !creatorId || opened?.id !== creatorId) return false;
  const asOpened = {
    ...me,
    profile_complete_config: { ...me.profile_complete_config, is_affiliate_profile_visited: opened.visited },
  };
  return showsWelcome(asOpened, creatorId);
}
