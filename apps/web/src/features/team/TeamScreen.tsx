import type { TeamInvite, TeamMember } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toErrorInfo } from '../../platform/api';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { SettingsPage } from '../settings/SettingsPage';
import { TeamActivityPanel } from './TeamActivityPanel';
import { InviteCard, PendingInvites } from './TeamInvites';
import { MembersCard } from './TeamMembers';
import styles from './TeamScreen.module.css';
import { TeamStatsPanel } from './TeamStatsPanel';
import { listInvites, listMembers } from './teamApi';

const TEAM_PATH = '/account/settings/team';

const TABS = [
  { key: 'members', label: 'Members', path: TEAM_PATH },
  { key: 'stats', label: 'Stats', path: `${TEAM_PATH}/stats` },
  { key: 'activity', label: 'Activity', path: `${TEAM_PATH}/activity` },
] as const;

type Tab = (typeof TABS)[number]['key'];

const tabOf = (pathname: string): Tab =>
  pathname.endsWith('/stats') ? 'stats' : pathname.endsWith('/activity') ? 'activity' : 'members';

/** Invites and members, one list of each, kept here: nothing else in the app shows them. */
function MembersPanel() {
  const [invites, setInvites] = useState<TeamInvite[] | null>(null);
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([listInvites(), listMembers()]).then(
      ([i, m]) => {
        if (!live) return;
        setInvites(i.data);
        setMembers(m.data);
      },
      (error: unknown) => {
        if (live) setFailure(toErrorInfo(error).message);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <InviteCard onInvited={(invite) => setInvites((list) => [invite, ...(list ?? [])])} />
      <FormAlert message={failure} />
      {!failure && (invites === null || members === null) && <Spinner label="Loading your team" />}
      {invites && (
        <PendingInvites
          invites={invites}
          onRevoked={(id) => setInvites((list) => list?.filter((i) => i._id !== id) ?? null)}
        />
      )}
      {members && (
        <MembersCard
          members={members}
          onChanged={(member) =>
            setMembers((list) => list?.map((m) => (m._id === member._id ? member : m)) ?? null)
          }
          onRemoved={(id) => setMembers((list) => list?.filter((m) => m._id !== id) ?? null)}
        />
      )}
    </>
  );
}

/**
 * /account/settings/team (creators): the people who work her inbox with accounts of their own,
 * what each may do, what they sold, and what they did. Never part of a seat itself.
 */
export function TeamScreen() {
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  return (
    <SettingsPage title="Team" subtitle="People who work your inbox with you, with their own sign-in.">
      <nav aria-label="Team sections" className={styles.tabs}>
        {TABS.map((t) => (
          <Link
            key={t.key}
            to={t.path}
            className={styles.tab}
            aria-current={t.key === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'members' && <MembersPanel />}
      {tab === 'stats' && <TeamStatsPanel />}
      {tab === 'activity' && <TeamActivityPanel />}
    </SettingsPage>
  );
}
