import { z } from 'zod';
import { StepUpCode } from './account-security';
import { lazySchema } from './lazy';
import { TEAM_PERMISSIONS, TeamPermission } from './team-basics';
import { EmailInput } from './users';

/** Invites last this long; their link works once. */
export const TEAM_INVITE_DAYS = 7;

export const TEAM_ERRORS = {
  permission: 'Your team seat does not allow this.',
  creatorsOnly: 'Only creators have a team.',
  inviteInvalid: 'This invite link is invalid or has expired.',
  inviteForOther: 'This invite was sent to another email address.',
  ownTeam: 'You cannot join your own team.',
  alreadyMember: 'This person is already on your team.',
  alreadyInvited: 'An invite to this email address is already pending.',
  memberNotFound: 'Team member not found.',
  inviteNotFound: 'Invite not found.',
  workspaceNotFound: 'You are not on this creator’s team.',
} as const;

const Permissions = z
  .array(TeamPermission)
  .min(1, 'Choose at least one permission.')
  .max(TEAM_PERMISSIONS.length)
  .transform((list) => TEAM_PERMISSIONS.filter((p) => list.includes(p)));

const Person = lazySchema(() => z.object({ _id: z.string(), username: z.string() }));

/** With two-factor sign-in on, managing the team needs a fresh `code` (docs/accounts.md, "Step-up"). */
export const TeamInviteRequest = lazySchema(() =>
  z.object({ email: EmailInput, permissions: Permissions, code: StepUpCode.optional() }),
);
export const TeamInvite = lazySchema(() =>
  z.object({
    _id: z.string(),
    email: z.string(),
    permissions: z.array(TeamPermission),
    expires_at: z.string(),
    created_at: z.string(),
  }),
);
export type TeamInvite = z.infer<typeof TeamInvite>;
export const TeamInviteList = lazySchema(() => z.object({ data: z.array(TeamInvite) }));

export const TeamJoinRequest = lazySchema(() => z.object({ token: z.string().min(1).max(200) }));
export const TeamJoinResponse = lazySchema(() =>
  z.object({ creator: Person, permissions: z.array(TeamPermission) }),
);

export const TeamMember = lazySchema(() =>
  z.object({
    _id: z.string(),
    member: Person,
    permissions: z.array(TeamPermission),
    created_at: z.string(),
    /** The member's last request in this workspace; null before their first. */
    last_active_at: z.string().nullable(),
  }),
);
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamMemberList = lazySchema(() => z.object({ data: z.array(TeamMember) }));
export const UpdateTeamMemberRequest = lazySchema(() =>
  z.object({ permissions: Permissions, code: StepUpCode.optional() }),
);

export const TeamWorkspace = lazySchema(() =>
  z.object({
    creator: z.object({ _id: z.string(), username: z.string(), avatar_url: z.string().nullable() }),
    permissions: z.array(TeamPermission),
  }),
);
export type TeamWorkspace = z.infer<typeof TeamWorkspace>;
export const TeamWorkspaceList = lazySchema(() => z.object({ data: z.array(TeamWorkspace) }));
export const CreatorIdParams = lazySchema(() => z.object({ creatorId: z.string().max(64) }));

/** A seat token: every call with it acts as the creator within `permissions`. */
export const SeatSession = lazySchema(() =>
  z.object({ access_token: z.string(), creator: Person, permissions: z.array(TeamPermission) }),
);
export type SeatSession = z.infer<typeof SeatSession>;

const IsoDate = z.iso.datetime({ offset: true });
export const TeamStatsQuery = lazySchema(() =>
  z
    .object({ from: IsoDate, to: IsoDate })
    .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
      message: 'The start must be before the end.',
      path: ['from'],
    })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
      message: 'Choose a range of at most a year.',
      path: ['to'],
    }),
);
export const TeamStatsRow = lazySchema(() =>
  z.object({
    /** null: the creator herself. */
    member: Person.nullable(),
    messages_sent: z.number().int(),
    paid_sent: z.number().int(),
    paid_sold: z.number().int(),
    sales_credits: z.number().int(),
    tips_credits: z.number().int(),
    /** The median time from a fan's message to this author's answer; null without answers. */
    median_reply_seconds: z.number().nullable(),
  }),
);
export type TeamStatsRow = z.infer<typeof TeamStatsRow>;
export const TeamStats = lazySchema(() => z.object({ data: z.array(TeamStatsRow) }));

export const TEAM_ACTIONS = [
  'message',
  'paid_message',
  'rate',
  'broadcast',
  'broadcast_unsend',
  'broadcast_edit',
  'auto_messages',
  'vault_upload',
  'vault_delete',
  'post',
  'post_edit',
  'post_delete',
  'note',
  'chats_action',
] as const;
export const TeamAction = z.enum(TEAM_ACTIONS);
export type TeamAction = z.infer<typeof TeamAction>;
export const TEAM_ACTION_TEXT: Record<TeamAction, string> = {
  message: 'sent a message',
  paid_message: 'sent a paid message',
  rate: 'changed a fan’s rate',
  broadcast: 'sent a broadcast',
  broadcast_unsend: 'unsent a broadcast',
  broadcast_edit: 'edited a scheduled broadcast',
  auto_messages: 'edited automatic messages',
  vault_upload: 'uploaded to the vault',
  vault_delete: 'deleted from the vault',
  post: 'published a post',
  post_edit: 'edited a post',
  post_delete: 'deleted a post',
  note: 'changed a note',
  chats_action: 'changed chats in bulk',
};

export const TeamActivityQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const TeamActivityEntry = lazySchema(() =>
  z.object({
    _id: z.string(),
    member: Person,
    action: TeamAction,
    /** What it was done to, in words: a fan's username, a post, a category. */
    target: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TeamActivityEntry = z.infer<typeof TeamActivityEntry>;
export const TeamActivity = lazySchema(() =>
  z.object({ data: z.array(TeamActivityEntry), next: z.string().nullable() }),
);
