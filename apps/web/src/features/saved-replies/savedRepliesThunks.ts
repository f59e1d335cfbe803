import { type CreateSavedReplyRequest, endpoints, type UpdateSavedReplyRequest } from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';

/** GET /v1/saved-replies: all of them (at most 200), once at a time. */
export const loadSavedReplies = createApiThunk(
  'savedReplies/load',
  async () => call(endpoints.listSavedReplies),
  (_arg, getState) => getState().savedReplies?.status !== 'Fetching',
);

export const createSavedReply = createApiThunk('savedReplies/create', async (body: CreateSavedReplyRequest) =>
  call(endpoints.createSavedReply, { body }),
);

export const updateSavedReply = createApiThunk(
  'savedReplies/update',
  async ({ id, body }: { id: string; body: UpdateSavedReplyRequest }) =>
    call(endpoints.updateSavedReply, { params: { id }, body }),
);

export const deleteSavedReply = createApiThunk('savedReplies/delete', async (id: string) => {
  await call(endpoints.deleteSavedReply, { params: { id } });
  return id;
});
