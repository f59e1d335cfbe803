import { endpoints, type PlatformNotice } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { earlyOrCall } from '../../platform/early';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectUser } from '../auth/authSlice';
import { pushPopup, selectPopupStack } from '../popups/popupsSlice';
import { globalNoticePopupId, introForPath, introPopupId, showsIntro } from './introRules';
import { loadIntros, selectIntros } from './noticesSlice';

export const globalNoticePopup = (notice: PlatformNotice) =>
  pushPopup({ id: globalNoticePopupId(notice._id), kind: 'globalNotice', props: { notice } });

/**
 * The popups that come from the account rather than a feature's call: an area's intro on its first
 * visit (never again once closed, on any device), and the admin's global warning until it is
 * closed (at load here; live through the global_notice event, accountEvents.ts).
 */
export function Notices() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const intros = useAppSelector(selectIntros);
  const { pathname } = useLocation();
  const userId = user?._id ?? null;
  const onboarding = useAppSelector(selectPopupStack).some(
    (entry) => entry.kind === 'emailVerify' && entry.props.afterSignUp === true,
  );
  // The screen the onboarding sheet was shown on: its intro waits for a later visit.
  const [heldOn, setHeldOn] = useState<string | null>(null);
  useEffect(() => {
    if (onboarding) setHeldOn(pathname);
  }, [onboarding, pathname]);

  useEffect(() => {
    if (!userId) return;
    dispatch(loadIntros(userId));
    let live = true;
    earlyOrCall(endpoints.platformNotice)
      .then(({ notice }) => {
        if (live && notice) dispatch(globalNoticePopup(notice));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dispatch, userId]);

  const intro =
    user && intros.loaded && intros.enabled && intros.userId === user._id
      ? introForPath(pathname, user)
      : null;
  const show = showsIntro(intro, intros.seen, { pathname, onboarding, heldOn });
  useEffect(() => {
    if (show && intro) dispatch(pushPopup({ id: introPopupId(intro), kind: 'intro', props: { intro } }));
  }, [dispatch, show, intro]);
  return null;
}
