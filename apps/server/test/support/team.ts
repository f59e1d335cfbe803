import type { TeamPermission } from '@parlor/contract';
import { expect } from 'vitest';
import type { Mailbox } from './mailbox';
import type { World } from './world';

type Account = Awaited<ReturnType<World['creator']>>;

/** The join link of the newest team invite mailed to `email`, waiting for it (mails go out after the commit). */
export async function inviteLink(mail: Mailbox, email: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const invite = mail.mails.filter((m) => m.to === email && / invited you to /.test(m.subject)).at(-1);
    const found = invite?.text.match(/https?:\/\/\S+\/team\/join\?token=\S+/);
    if (found) return new URL(found[0]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no team invite mailed to ${email}`);
}

/**
 * A creator's team member, invited by mail and joined through the API, and a seat of theirs in the
 * creator's workspace: `seat` is the token that acts as the creator within `permissions`.
 */
export async function teamSeat(w: World, mail: Mailbox, creator: Account, permissions: TeamPermission[]) {
  const member = await w.api.signUp('user');
  const invited = await w.api.call('POST', '/v1/team/invites', {
    token: creator.token,
    body: { email: member.user.email, permissions },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = (await inviteLink(mail, member.user.email)).searchParams.get('token');
  const joined = await w.api.call('POST', '/v1/team/join', { token: member.token, body: { token } });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const opened = await w.api.call('POST', `/v1/team/workspaces/${creator.user._id}/session`, {
    token: member.token,
    body: {},
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const members = await w.api.call('GET', '/v1/team/members', { token: creator.token });
  const row = (members.body.data as { _id: string; member: { _id: string } }[]).find(
    (m) => m.member._id === member.user._id,
  );
  return { member, seat: opened.body.access_token as string, memberRowId: row?._id as string };
}
