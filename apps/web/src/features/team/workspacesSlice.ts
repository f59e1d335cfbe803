import type { TeamWorkspace } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { workspaces } from './workspaceSwitch';

/** The creators whose team the signed-in person is on: the header's switcher lists them. */
export interface WorkspacesState {
  list: TeamWorkspace[] | null;
}

/** GET /v1/team/workspaces with the member's own session (a seat may not ask with its own). */
export const loadWorkspaces = createApiThunk('workspaces/load', () => workspaces());

export const workspacesSlice = createSlice({
  name: 'workspaces',
  initialState: { list: null } as WorkspacesState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadWorkspaces.fulfilled, (state, action) => {
      state.list = action.payload;
    });
  },
});

export const selectWorkspaces = (state: RootState) => state.workspaces.list;
