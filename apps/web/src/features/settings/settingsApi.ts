import { type DeletionResponse, endpoints, type User } from '@parlor/contract';
import type { z } from 'zod';
import { type CallBody, call, download, upload } from '../../platform/api';
import { offerDownload } from '../../platform/browser';
import { createApiThunk } from '../../platform/requests';
import { userUpdated } from '../auth/authSlice';

type DeletionResponseData = z.infer<typeof DeletionResponse>;

// Profile and settings calls. Each one that changes the account puts the answer in the
// auth slice, the one cache of the signed-in user.

/** POST /v1/users/avatar: the photo as multipart. */
export const uploadAvatar = createApiThunk(
  'settings/uploadAvatar',
  async (file: File, { dispatch, signal }) => {
    const form = new FormData();
    form.append('file', file);
    const user = await upload(endpoints.uploadAvatar, form, { signal });
    dispatch(userUpdated(user));
    return user;
  },
);

function userCall<A>(type: string, update: (arg: A) => Promise<User>) {
  return createApiThunk(type, async (arg: A, { dispatch }) => {
    const user = await update(arg);
    dispatch(userUpdated(user));
    return user;
  });
}

export const randomAvatar = userCall<void>('settings/randomAvatar', () => call(endpoints.randomAvatar));
export const setFeaturedInDiscover = userCall('settings/discover', (featured: boolean) =>
  call(endpoints.setFeaturedInDiscover, { body: { featured } }),
);
export const reloadUser = userCall<void>('settings/reloadUser', () => call(endpoints.me));

export const addTag = createApiThunk('settings/addTag', async (tag: string, { dispatch }) => {
  await call(endpoints.addTag, { body: { tag } });
  return dispatch(reloadUser()).unwrap();
});
export const removeTag = createApiThunk('settings/removeTag', async (tag: string, { dispatch }) => {
  await call(endpoints.removeTag, { query: { tag } });
  return dispatch(reloadUser()).unwrap();
});

export const scheduleDeletion = createApiThunk(
  'settings/scheduleDeletion',
  async (password: string, { dispatch }) => {
    const answer = await call(endpoints.scheduleDeletion, { body: { password } });
    await dispatch(reloadUser());
    return answer;
  },
);
export const cancelDeletion = createApiThunk<DeletionResponseData>(
  'settings/cancelDeletion',
  async (_arg, { dispatch }) => {
    const answer = await call(endpoints.cancelDeletion);
    await dispatch(reloadUser());
    return answer;
  },
);

export const getPayoutDefaults = () => call(endpoints.getPayoutDefaults);
export const savePayoutDefaults = (code: string, body: CallBody<typeof endpoints.updatePayoutDefaults>) =>
  call(endpoints.updatePayoutDefaults, { query: { verification_code: code }, body });

/** POST /v1/users/password: the other sessions end, this one stays. */
export const changePassword = (current: string, next: string) =>
  call(endpoints.changePassword, { body: { current_password: current, new_password: next } });

/**
 * GET /v1/users/export: the ZIP of the own data. Fetched with the session header (a link could not
 * send it) and handed to the browser as a download; answers the file's name.
 */
export async function downloadMyData(): Promise<string> {
  const response = await download(endpoints.exportData);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'parlor-data.zip';
  offerDownload(await response.blob(), name);
  return name;
}

export const listSessions = () => call(endpoints.listSessions);
export const endSession = (id: string) => call(endpoints.endSession, { params: { id } });

/** GET /v1/media/usage: what the account's uploads take in storage, and its quota. */
