import {
  type CreateFeedRequest,
  endpoints,
  type FeedPost,
  plural,
  type UpdateFeedRequest,
} from '@parlor/contract';
import { ApiError, call, toErrorInfo } from '../../platform/api';
import { currentPath } from '../../platform/browser';
import type { AppThunkDispatch } from '../../platform/storeTypes';
import { showToast } from '../../ui/toasts';
import { creditsChanged } from '../auth/authSlice';
import { notEnoughCreditsPopup } from '../payments/notEnoughCredits';
import { loadFeed, postAdded, postPatched, postRemoved } from './feedSlice';

/** A call's outcome for the screen: done, or the server's message to show next to the control. */
export type FeedCallResult =
  | { ok: true }
  | { ok: false; message: string; status: number; field?: string | undefined };

const failed = (error: unknown): FeedCallResult => {
  const info = toErrorInfo(error);
  return { ok: false, message: info.message, status: info.status, field: info.field };
};

/** POST /v1/feed: the new post goes first in my lists. */
export const createPost = (body: CreateFeedRequest) => async (dispatch: AppThunkDispatch) => {
  try {
    const post = await call(endpoints.createFeedPost, { body });
    dispatch(postAdded(post));
    return { ok: true } as FeedCallResult;
  } catch (error) {
    return failed(error);
  }
};

/** PATCH /v1/feed/{id}: edit the text, pin or unpin, make private or public, publish now or later. */
export const updatePost = (id: string, body: UpdateFeedRequest) => async (dispatch: AppThunkDispatch) => {
  try {
    dispatch(postPatched(await call(endpoints.updateFeedPost, { params: { id }, body })));
    return { ok: true } as FeedCallResult;
  } catch (error) {
    // Gone meanwhile (deleted in another tab): it leaves the lists.
    if (error instanceof ApiError && error.status === 404) dispatch(postRemoved(id));
    return failed(error);
  }
};

/** DELETE /v1/feed/{id}; a post already gone leaves the lists all the same. */
export const deletePost = (id: string) => async (dispatch: AppThunkDispatch) => {
  try {
    await call(endpoints.deleteFeedPost, { params: { id } });
    dispatch(postRemoved(id));
    return { ok: true } as FeedCallResult;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      dispatch(postRemoved(id));
      return { ok: true } as FeedCallResult;
    }
    return failed(error);
  }
};

/**
 * PATCH /v1/feed/{id}/buy, as buying a paid message: the unlocked post replaces the locked one and
 * the balance follows; too few credits opens the one not-enough-credits popup (back to this page
 * afterwards); a post bought meanwhile (409) reloads its list; other refusals (403 subscribe first)
 * are answered for the card to show.
 */
export const buyPost = (post: FeedPost) => async (dispatch: AppThunkDispatch) => {
  try {
    const res = await call(endpoints.buyFeedPost, { params: { id: post._id } });
    dispatch(postPatched(res.post));
    dispatch(creditsChanged(res.credits));
    showToast(`Post unlocked for ${plural(post.price, 'credit')}.`);
    return { ok: true } as FeedCallResult;
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      dispatch(notEnoughCreditsPopup({ message: error.message, backTo: currentPath() }));
    } else if (error instanceof ApiError && error.status === 409) {
      void dispatch(loadFeed({ modelId: post.model._id, force: true }));
    } else if (error instanceof ApiError && error.status === 404) {
      dispatch(postRemoved(post._id));
    }
    return failed(error);
  }
};
