import {
  TEAM_INVITE_DAYS,
  TEAM_PERMISSION_TEXT,
  type TeamInvite,
  TeamInviteRequest,
  type TeamPermission,
} from '@parlor/contract';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { toErrorInfo } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { Note } from '../settings/Note';
import { PermissionChecks } from './PermissionChecks';
import styles from './TeamScreen.module.css';
import { createInvite, revokeInvite } from './teamApi';

const permissionNames = (list: readonly TeamPermission[]) =>
  list.map((p) => TEAM_PERMISSION_TEXT[p].label).join(', ');

/**
 * Inviting someone: their address and what they may do. The mail carries a link that works once,
 * for seven days; they join with an account of their own and never need the creator's password.
 */
export function InviteCard({ onInvited }: { onInvited: (invite: TeamInvite) => void }) {
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<TeamPermission[]>(['chats']);
  const [errors, setErrors] = useState<{ email?: string; permissions?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSent(null);
    const parsed = TeamInviteRequest.safeParse({ email, permissions });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'permissions' ? 'permissions' : 'email';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const invite = await createInvite(parsed.data.email, parsed.data.permissions);
      onInvited(invite);
      setSent(`Invite sent to ${invite.email}.`);
      setEmail('');
    } catch (error) {
      const info = toErrorInfo(error);
      if (info.field === 'email') setErrors({ email: info.message });
      else setFailure(info.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card as="form" roomy aria-labelledby="invite-title" onSubmit={submit} noValidate>
      <CardTitle id="invite-title">Invite someone</CardTitle>
      <p className={styles.muted}>
        They get a link by email that works once, for {TEAM_INVITE_DAYS} days. They join with an account of
        their own: nobody needs your password. Fans always see that your team wrote a message.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((er) => ({ ...er, email: undefined }));
        }}
      />
      <PermissionChecks
        legend="What they may do"
        value={permissions}
        onChange={(next) => {
          setPermissions(next);
          setErrors((er) => ({ ...er, permissions: undefined }));
        }}
        error={errors.permissions}
      />
      <p className={styles.muted}>
        Never part of a seat: payouts and payout details, your email, password, two-factor and sessions,
        deleting the account, managing the team, and spending your credits.
      </p>
      <FormAlert message={failure} />
      {sent && <Note tone="success">{sent}</Note>}
      <div className={styles.actions}>
        <Button type="submit" loading={sending}>
          Send invite
        </Button>
      </div>
    </Card>
  );
}

/** The invites not yet used, each with the way to take it back (its link then stops working). */
export function PendingInvites({
  invites,
  onRevoked,
}: {
  invites: TeamInvite[];
  onRevoked: (id: string) => void;
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (invites.length === 0) return null;
  const revoke = async (invite: TeamInvite) => {
    setFailure(null);
    setRevoking(invite._id);
    try {
      await revokeInvite(invite._id);
      onRevoked(invite._id);
    } catch (error) {
      setFailure(toErrorInfo(error).message);
    } finally {
      setRevoking(null);
    }
  };
  return (
    <Card roomy aria-labelledby="invites-title">
      <CardTitle id="invites-title">Pending invites</CardTitle>
      <ul className={styles.rows} aria-labelledby="invites-title">
        {invites.map((invite) => (
          <li key={invite._id} className={styles.row} data-testid="team-invite">
            <div className={styles.rowText}>
              <span className={styles.name}>{invite.email}</span>
              <span className={styles.detail}>
                {permissionNames(invite.permissions)} · expires {format(new Date(invite.expires_at), 'd MMM')}
              </span>
            </div>
            <Button
              variant="secondary"
              size="small"
              loading={revoking === invite._id}
              onClick={() => revoke(invite)}
              aria-label={`Revoke the invite to ${invite.email}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <FormAlert message={failure} />
    </Card>
  );
}
