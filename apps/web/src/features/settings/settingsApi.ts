import {
  DeletionResponse,
  ERRORS,
  ErrorBody,
  PayoutDefaults,
  type PayoutDefaultsRequest,
  TagsResponse,
  User,
} from '@parlor/contract';
import type { z } from 'zod';
import { ApiError, api, apiBaseUrl } from '../../app/api';
import { storedToken } from '../../app/browser';
import { createApiThunk } from '../../app/requests';
import { userUpdated } from '../auth/authSlice';

type DeletionResponseData = z.infer<typeof DeletionResponse>;

// Profile and settings calls (issue 6). Each one that changes the account puts the answer in the
// auth slice, the one cache of the signed-in user.

/** POST /v1/users/avatar: multipart, so it bypasses the JSON client but keeps its headers and errors. */
export const uploadAvatar = createApiThunk('settings/uploadAvatar', async (file: File, { dispatch }) => {
  const form = new FormData();
  form.append('file', file);
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/v1/users/avatar`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'web-type': 'react',
        ...(token ? { 'access-token': token } : {}),
      },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, ERRORS.network, 'network_error');
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = ErrorBody.safeParse(json);
    throw body.success
      ? new ApiError(response.status, body.data.message, body.data.code)
      : new ApiError(response.status, ERRORS.default, 'unknown_error');
  }
  const user = User.parse(json);
  dispatch(userUpdated(user));
  return user;
});

function userCall<A>(type: string, call: (arg: A) => Promise<User>) {
  return createApiThunk(type, async (arg: A, { dispatch }) => {
    const user = await call(arg);
    dispatch(userUpdated(user));
    return user;
  });
}

export const randomAvatar = userCall<void>('settings/randomAvatar', () =>
  api.patch('/v1/users/random_avatar', undefined, { schema: User }),
);
export const setFeaturedInDiscover = userCall('settings/discover', (featured: boolean) =>
  api.patch('/v1/users/discover', { featured }, { schema: User }),
);
export const reloadUser = userCall<void>('settings/reloadUser', () =>
  api.get('/v1/users/me', { schema: User }),
);

export const addTag = createApiThunk('settings/addTag', async (tag: string, { dispatch }) => {
  await api.post('/v1/users/tags', { tag }, { schema: TagsResponse });
  return dispatch(reloadUser()).unwrap();
});
export const removeTag = createApiThunk('settings/removeTag', async (tag: string, { dispatch }) => {
  await api.delete('/v1/users/tags', { query: { tag }, schema: TagsResponse });
  return dispatch(reloadUser()).unwrap();
});

export const scheduleDeletion = createApiThunk(
  'settings/scheduleDeletion',
  async (password: string, { dispatch }) => {
    const answer = await api.post('/v1/users/deletion', { password }, { schema: DeletionResponse });
    await dispatch(reloadUser());
    return answer;
  },
);
export const cancelDeletion = createApiThunk<DeletionResponseData>(
  'settings/cancelDeletion',
  async (_arg, { dispatch }) => {
    const answer = await api.delete('/v1/users/deletion', { schema: DeletionResponse });
    await dispatch(reloadUser());
    return answer;
  },
);

export const getPayoutDefaults = () => api.get('/v2/account/defaults', { schema: PayoutDefaults });
export const savePayoutDefaults = (code: string, body: z.input<typeof PayoutDefaultsRequest>) =>
  api.patch('/v2/account/defaults', body, { query: { verification_code: code }, schema: PayoutDefaults });
