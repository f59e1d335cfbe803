import { endpoints, type TeamPermission } from '@parlor/contract';
import { call, follow } from '../../platform/api';

// The team's calls. The screens keep what they show in their own state: nothing else in the app
// reads invites, members, figures or the log.

export const listInvites = () => call(endpoints.listTeamInvites);
export const createInvite = (email: string, permissions: TeamPermission[]) =>
  call(endpoints.createTeamInvite, { body: { email, permissions } });
export const revokeInvite = (id: string) => call(endpoints.deleteTeamInvite, { params: { id } });

export const listMembers = () => call(endpoints.listTeamMembers);
export const updateMember = (id: string, permissions: TeamPermission[]) =>
  call(endpoints.updateTeamMember, { params: { id }, body: { permissions } });
export const removeMember = (id: string) => call(endpoints.deleteTeamMember, { params: { id } });

export const teamStats = (from: string, to: string) => call(endpoints.teamStats, { query: { from, to } });

export const teamActivity = (next?: string | null) =>
  next
    ? follow(endpoints.teamActivity, next)
    : call(endpoints.teamActivity, { query: { limit: 20, offset: 0 } });

export const joinTeam = (token: string) => call(endpoints.joinTeam, { body: { token } });
