import {
  type EndpointResult,
  type endpoints,
  TEAM_ERRORS,
  TEAM_PERMISSION_TEXT,
  type TeamPermission,
} from '@parlor/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { toErrorInfo } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { CheckIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/authSlice';
import { selectSeat } from './seatAccess';
import styles from './TeamJoin.module.css';
import { joinTeam } from './teamApi';
import { joinLink } from './teamPaths';
import { TEAM_TEXT } from './teamText';
import { backToOwnAccount, openWorkspace } from './workspaceSwitch';
import { loadWorkspaces } from './workspacesSlice';

type Joined = EndpointResult<typeof endpoints.joinTeam>;

function PermissionList({ permissions }: { permissions: readonly TeamPermission[] }) {
  return (
    <ul className={styles.permissions}>
      {permissions.map((p) => (
        <li key={p}>
          <CheckIcon size={16} />
          <span>
            <strong>{TEAM_PERMISSION_TEXT[p].label}</strong>: {TEAM_PERMISSION_TEXT[p].allows}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /team/join?token=… signed in: confirm joining, then open the creator's workspace. A seat cannot
 * join anything: the member goes back to their own account first, to this same link.
 */
export function TeamJoinScreen() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const user = useAppSelector(selectUser);
  const seat = useAppSelector(selectSeat);
  const { token, creator: named } = joinLink(search);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : TEAM_ERRORS.inviteInvalid);
  if (!user) return null;

  const join = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await joinTeam(token);
      setJoined(answer);
      void dispatch(loadWorkspaces());
    } catch (error) {
      setFailure(toErrorInfo(error).message);
    } finally {
      setBusy(false);
    }
  };

  const open = async (creatorId: string) => {
    setBusy(true);
    try {
      await openWorkspace(creatorId);
    } catch (error) {
      setFailure(toErrorInfo(error).message);
      setBusy(false);
    }
  };

  if (joined) {
    const name = joined.creator.username;
    return (
      <>
        <PageHeader title={`You joined ${name}'s team`} />
        <Card roomy className={styles.card}>
          <p role="status">
            Switch to {name}'s workspace from the menu at the top whenever you work for her. In it you can:
          </p>
          <PermissionList permissions={joined.permissions} />
          <FormAlert message={failure} />
          <div className={styles.actions}>
            <Button size="large" loading={busy} onClick={() => open(joined.creator._id)}>
              Open {name}'s workspace
            </Button>
          </div>
        </Card>
      </>
    );
  }

  if (seat) {
    return (
      <>
        <PageHeader title={named ? TEAM_TEXT.joinTitle(named) : 'Join a team'} />
        <Card roomy className={styles.card}>
          <p>
            You are working in {user.username}'s workspace. Go back to your own account to join a team with
            it.
          </p>
          <div className={styles.actions}>
            <Button
              size="large"
              loading={busy}
              onClick={() => {
                setBusy(true);
                void backToOwnAccount(undefined, `${pathname}${search}`);
              }}
            >
              {TEAM_TEXT.backToMine}
            </Button>
          </div>
        </Card>
      </>
    );
  }

  const title = named ? TEAM_TEXT.joinTitle(named) : 'Join a team';
  return (
    <>
      <PageHeader title={title} />
      <Card roomy className={styles.card}>
        <p>
          You will work {named ? `${named}'s` : 'the creator’s'} inbox as <strong>{user.username}</strong>,
          with your own sign-in and within the permissions chosen for you. Fans always see that the creator's
          team wrote your messages.
        </p>
        <p className={styles.muted}>
          The invite works for the address it was sent to: you are signed in with {user.email}.
        </p>
        <FormAlert message={failure} />
        <div className={styles.actions}>
          <Button size="large" loading={busy} disabled={!token} onClick={join}>
            {title}
          </Button>
        </div>
      </Card>
    </>
  );
}
