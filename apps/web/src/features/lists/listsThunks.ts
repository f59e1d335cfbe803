import {
  type CreateFanListRequest,
  endpoints,
  LIST_MEMBERS_PER_CALL,
  type UpdateFanListRequest,
} from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';
import { listMembersLeft, listTabChanged } from '../chats/inboxSlice';

/** GET /v1/lists: my lists with their counts, oldest first; one load at a time. */
export const loadLists = createApiThunk(
  'lists/load',
  async () => call(endpoints.listFanLists),
  (_arg, getState) => getState().lists?.status !== 'Fetching',
);

/** GET /v1/lists?member_id=: my lists, each saying whether that fan is on it (a conversation's menu). */
export function listsOfFan(memberId: string, signal?: AbortSignal) {
  return call(endpoints.listFanLists, { query: { member_id: memberId } }, { signal });
}

export const createList = createApiThunk('lists/create', async (body: CreateFanListRequest) =>
  call(endpoints.createFanList, { body }),
);

export const updateList = createApiThunk(
  'lists/update',
  async ({ id, body }: { id: string; body: UpdateFanListRequest }) =>
    call(endpoints.updateFanList, { params: { id }, body }),
);

/** DELETE /v1/lists/{id}; an inbox showing the list's tab goes back to the whole inbox. */
export const deleteList = createApiThunk('lists/delete', async (id: string, { dispatch }) => {
  await call(endpoints.deleteFanList, { params: { id } });
  dispatch(listTabChanged({ listId: id, deleted: true }));
  return id;
});

export interface MembersArg {
  id: string;
  /** The fans' user ids (the inbox keys chats by them). */
  ids: string[];
}

/** POST /v1/lists/{id}/members, 1,000 fans a call: answers how many joined and the list's count. */
export const addListMembers = createApiThunk(
  'lists/addMembers',
  async ({ id, ids }: MembersArg, { dispatch }) => {
    let changed = 0;
    let count = 0;
    for (let i = 0; i < ids.length; i += LIST_MEMBERS_PER_CALL) {
      const answer = await call(endpoints.addListMembers, {
        params: { id },
        body: { ids: ids.slice(i, i + LIST_MEMBERS_PER_CALL) },
      });
      changed += answer.changed;
      count = answer.count;
    }
    if (changed > 0) dispatch(listTabChanged({ listId: id }));
    return { changed, count };
  },
);

/**
 * DELETE /v1/lists/{id}/members?ids=, 1,000 fans a call; the list's inbox tab lets them go at once.
 */
export const removeListMembers = createApiThunk(
  'lists/removeMembers',
  async ({ id, ids }: MembersArg, { dispatch }) => {
    let changed = 0;
    let count = 0;
    for (let i = 0; i < ids.length; i += LIST_MEMBERS_PER_CALL) {
      const answer = await call(endpoints.removeListMembers, {
        params: { id },
        query: { ids: ids.slice(i, i + LIST_MEMBERS_PER_CALL).join(',') },
      });
      changed += answer.changed;
      count = answer.count;
    }
    dispatch(listMembersLeft({ listId: id, ids }));
    return { changed, count };
  },
);
