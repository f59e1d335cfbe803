import type { Session } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { logout } from '../auth/authThunks';
import styles from './ItemList.module.css';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
import { orderSessions, sessionDetails } from './sessionsView';
import { endSession, listSessions } from './settingsApi';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : null);

/**
 * /account/settings/sessions: every device signed in to the account, this one marked, each with a
 * way to sign it out. A device signed out here loses its session and its live connection at once.
 */
export function SessionsSettingsScreen() {
  const dispatch = useAppDispatch();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    listSessions().then(
      (answer) => setSessions(orderSessions(answer.sessions)),
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);

  const signOut = async (session: Session) => {
    setError(null);
    setEnding(session._id);
    // This device signs out as from the account menu: stored data goes and the app starts over.
    if (session.current) {
      await dispatch(logout());
      return;
    }
    try {
      await endSession(session._id);
      setSessions((list) => list?.filter((s) => s._id !== session._id) ?? null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setEnding(null);
    }
  };

  const now = new Date();
  return (
    <SettingsPage title="Sessions" subtitle="The devices signed in to your account.">
      <Card roomy aria-label="Sessions">
        {sessions === null && !error && <Spinner />}
        {sessions && (
          <ul className={styles.list}>
            {sessions.map((session) => {
              const { lastSeen, signedIn } = sessionDetails(session, now);
              return (
                <li key={session._id} className={styles.item} data-testid="session">
                  <div className={styles.text}>
                    <span className={styles.name}>
                      {session.device}
                      {session.current && <span className={styles.badge}>This device</span>}
                    </span>
                    <span className={styles.details}>
                      {lastSeen} · {signedIn}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    size="small"
                    loading={ending === session._id}
                    onClick={() => signOut(session)}
                    aria-label={`Sign out ${session.current ? 'this device' : session.device}`}
                  >
                    Sign out
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {error && <Note tone="error">{error}</Note>}
        <Note>A device that has not been used for a while is signed out by itself.</Note>
      </Card>
    </SettingsPage>
  );
}
