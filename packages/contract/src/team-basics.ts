import { z } from 'zod';
import { lazySchema } from './lazy';

/**
 * What a creator lets a member of her team do while working as her. Anything not listed here —
 * payouts and payout details, her email, password, two-factor and sessions, deletion, team
 * management and spending her credits — no member may ever do.
 */
export const TEAM_PERMISSIONS = [
  'chats',
  'paid',
  'broadcasts',
  'automessages',
  'vault',
  'feed',
  'earnings',
] as const;
export const TeamPermission = z.enum(TEAM_PERMISSIONS);
export type TeamPermission = z.infer<typeof TeamPermission>;

/** The checkboxes of the invite and member forms: what each permission allows, in words. */
export const TEAM_PERMISSION_TEXT: Record<TeamPermission, { label: string; allows: string }> = {
  chats: { label: 'Chats', allows: 'Read and answer fans, notes, read marks and bulk actions in the inbox.' },
  paid: { label: 'Paid messages', allows: 'Send paid messages and change prices and per-fan rates.' },
  broadcasts: { label: 'Broadcasts', allows: 'Send and unsend messages to groups of chats.' },
  automessages: { label: 'Automatic messages', allows: 'Edit the automatic messages and read their log.' },
  vault: { label: 'Vault', allows: 'Upload to and delete from the media vault.' },
  feed: { label: 'Feed', allows: 'Publish, edit and delete posts.' },
  earnings: { label: 'Earnings', allows: 'See earnings and team figures (read only).' },
};

/** Who works the account in this session: present on GET /v1/users/me answered to a seat. */
export const ActingMember = lazySchema(() =>
  z.object({ _id: z.string(), username: z.string(), permissions: z.array(TeamPermission) }),
);
export type ActingMember = z.infer<typeof ActingMember>;

/** Who wrote a message: its sender, a member of the sender's team, or an automatic message. */
export const AuthorKind = z.enum(['creator', 'team', 'automation']);
export type AuthorKind = z.infer<typeof AuthorKind>;
/** `member_id` and `username` are the team member's, sent only to the sender's side. */
export const MessageAuthor = lazySchema(() =>
  z.object({ kind: AuthorKind, member_id: z.string().nullable(), username: z.string().nullable() }),
);
export type MessageAuthor = z.infer<typeof MessageAuthor>;

/**
 * The line under a bubble that says who wrote it. The creator's side reads the member's name; a fan
 * reads only that her team or an automatic message wrote it, which the creator cannot hide.
 */
export const AUTHOR_TEXT = {
  sentBy: (username: string) => `Sent by ${username}`,
  team: (creator: string) => `Written by ${creator}'s team`,
  automatic: 'Automatic message',
} as const;
