import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { uploadsInFlight } from '../media/uploadsSlice';
import { pushPopup } from '../popups/popupsSlice';
import type { LeaveTarget } from './leaveTarget';

// Leaving a page while uploads run (features/media/uploadsSlice counts them): links, Back and the
// app's own navigate calls all ask first with the upload-in-progress popup.

/** Whether going to `to` (a path of the app) leaves the page at `current`. */
export function leavesPage(to: string, current: URL): boolean {
  const url = new URL(to, current);
  return `${url.pathname}${url.search}${url.hash}` !== `${current.pathname}${current.search}${current.hash}`;
}

export type NavigateOptions = Omit<LeaveTarget, 'to'>;

/**
 * A navigate call of the app: while uploads run, going to another page opens the
 * upload-in-progress popup (whose Leave goes on, `onLeave` included) instead; else it goes at once.
 * Answers whether it went.
 */
export const navigateOrAsk =
  (
    to: string,
    options: NavigateOptions,
    navigate: (to: string, options: { replace?: boolean; state?: unknown }) => void,
    current: URL,
  ) =>
  (dispatch: AppThunkDispatch, getState: () => RootState): boolean => {
    if (uploadsInFlight(getState()) > 0 && leavesPage(to, current)) {
      dispatch(pushPopup({ id: 'upload-in-progress', kind: 'uploadInProgress', props: { to, ...options } }));
      return false;
    }
    const { onLeave, ...rest } = options;
    if (onLeave) dispatch(onLeave);
    navigate(to, rest);
    return true;
  };

/** What of a click on a link the guard needs: the anchor's attributes and the click's keys. */
export interface LinkClick {
  href: string | null;
  target: string | null;
  download: boolean;
  button: number;
  modified: boolean;
}

/**
 * The in-app path a click on a link would open, or null when the click does not leave the page
 * in the app (another window, a download, another site, the same place) and the guard lets it be.
 */
export function inAppLeavePath(click: LinkClick, current: URL): string | null {
  if (!click.href || click.button !== 0 || click.modified || click.download) return null;
  if (click.target && click.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(click.href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === `${current.pathname}${current.search}${current.hash}` ? null : path;
}

/**
 * Back while uploading: the app keeps one history entry of its own (same URL, marked) above the
 * page, so Back lands on the page itself instead of leaving it, and the popup asks. The mark is
 * removed again when the uploads end without anyone leaving.
 */
const GUARD_MARK = 'parlorUploadGuard';
let leaving = false;

export const atGuardEntry = () =>
  Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD_MARK]);

export function armBackGuard() {
  leaving = false;
  if (atGuardEntry()) return;
  window.history.pushState({ ...(window.history.state ?? {}), [GUARD_MARK]: true }, '', window.location.href);
}

export function disarmBackGuard() {
  if (!leaving && atGuardEntry()) window.history.back();
}

/** Leaving for good: the guard entry is not stepped back over by disarmBackGuard. */
export function markLeaving() {
  leaving = true;
}
export const isLeaving = () => leaving;
