import type { AppThunkDispatch, RootState } from '../../app/storeTypes';
import type { Conversation } from '../conversation/conversationModel';
import { abortSend } from '../conversation/outbox';

/** The media sends still being prepared or uploaded, over every open conversation. */
export function uploadsInFlightIds(
  conversations: Record<string, Conversation | undefined>,
): { otherUserId: string; clientSideReceiveId: string }[] {
  const ids: { otherUserId: string; clientSideReceiveId: string }[] = [];
  for (const [otherUserId, convo] of Object.entries(conversations)) {
    for (const item of Object.values(convo?.pending ?? {})) {
      if (item.media && (item.state === 'preparing' || item.state === 'uploading'))
        ids.push({ otherUserId, clientSideReceiveId: item.clientSideReceiveId });
    }
  }
  return ids;
}

/** How many media sends are still being prepared or uploaded, over every open conversation. */
export function uploadsInFlight(conversations: Record<string, Conversation | undefined>): number {
  return uploadsInFlightIds(conversations).length;
}

/** "Leave" in the upload-in-progress popup: every upload stops and its message goes, silently. */
export const abortUploadsInFlight = () => (dispatch: AppThunkDispatch, getState: () => RootState) => {
  for (const { otherUserId, clientSideReceiveId } of uploadsInFlightIds(getState().conversations.byUser)) {
    dispatch(abortSend(otherUserId, clientSideReceiveId));
  }
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
