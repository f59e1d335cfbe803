import type { TeamMember, TeamPermission } from '@parlor/contract';
import { useState } from 'react';
import { toErrorInfo } from '../../platform/api';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Note } from '../settings/Note';
import { PermissionChecks } from './PermissionChecks';
import styles from './TeamScreen.module.css';
import { removeMember, updateMember } from './teamApi';
import { lastActive, samePermissions } from './teamModel';

/** The people on the team: what each may do (changed in place), when they last worked, and Remove. */
export function MembersCard({
  members,
  onChanged,
  onRemoved,
}: {
  members: TeamMember[];
  onChanged: (member: TeamMember) => void;
  onRemoved: (id: string) => void;
}) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const now = new Date();
  return (
    <Card roomy aria-labelledby="members-title">
      <CardTitle id="members-title">Members</CardTitle>
      {members.length === 0 ? (
        <p className={styles.muted}>
          Nobody has joined yet. An invite becomes a member once its link is used.
        </p>
      ) : (
        <ul className={styles.members}>
          {members.map((m) => (
            <MemberRow key={m._id} member={m} now={now} onSaved={onChanged} onRemove={() => setRemoving(m)} />
          ))}
        </ul>
      )}
      {removing && (
        <RemoveDialog
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            onRemoved(removing._id);
            setRemoving(null);
          }}
        />
      )}
    </Card>
  );
}

function MemberRow({
  member,
  now,
  onSaved,
  onRemove,
}: {
  member: TeamMember;
  now: Date;
  onSaved: (member: TeamMember) => void;
  onRemove: () => void;
}) {
  const [permissions, setPermissions] = useState<TeamPermission[]>(member.permissions);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = !samePermissions(permissions, member.permissions);
  const name = member.member.username;

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      onSaved(await updateMember(member._id, permissions));
      setSaved(true);
    } catch (error) {
      setFailure(toErrorInfo(error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className={styles.member} aria-label={name} data-testid="team-member">
      <div className={styles.memberHead}>
        <Avatar name={name} size={40} />
        <div className={styles.rowText}>
          <span className={styles.name}>{name}</span>
          <span className={styles.detail}>{lastActive(member.last_active_at, now)}</span>
        </div>
        <Button variant="secondary" size="small" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      <PermissionChecks
        legend={`What ${name} may do`}
        value={permissions}
        onChange={(next) => {
          setPermissions(next);
          setSaved(false);
        }}
      />
      <FormAlert message={failure} />
      {saved && !changed && <Note tone="success">Saved: the seat works with these from its next step.</Note>}
      {changed && (
        <div className={styles.actions}>
          <Button variant="ghost" size="small" onClick={() => setPermissions(member.permissions)}>
            Cancel
          </Button>
          <Button size="small" loading={saving} onClick={save} aria-label={`Save ${name}'s permissions`}>
            Save
          </Button>
        </div>
      )}
    </li>
  );
}

/** Removing ends the member's seat at once: an open workspace of theirs closes. */
function RemoveDialog({
  member,
  onClose,
  onRemoved,
}: {
  member: TeamMember;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = member.member.username;
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await removeMember(member._id);
      onRemoved();
    } catch (error) {
      setFailure(toErrorInfo(error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Remove ${name} from your team?`}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep
          </Button>
          <Button variant="danger" onClick={remove} loading={busy}>
            Remove
          </Button>
        </>
      }
    >
      <p>
        {name} can no longer work your inbox, and a workspace they have open closes at once. What they wrote
        stays, still shown as written by your team.
      </p>
      <FormAlert message={failure} />
    </Dialog>
  );
}
