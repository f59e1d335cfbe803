import { TEAM_ACTION_TEXT, type TeamActivityEntry } from '@parlor/contract';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { toErrorInfo } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import styles from './TeamScreen.module.css';
import { teamActivity } from './teamApi';

/** What the members did in the workspace, newest first, a page of 20 at a time. */
export function TeamActivityPanel() {
  const [entries, setEntries] = useState<TeamActivityEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  const load = async (link: string | null) => {
    setLoading(true);
    setFailure(null);
    try {
      const page = await teamActivity(link);
      setEntries((list) => [...(link ? (list ?? []) : []), ...page.data]);
      setNext(page.next);
    } catch (error) {
      setFailure(toErrorInfo(error).message);
    } finally {
      setLoading(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page, once.
  useEffect(() => {
    void load(null);
  }, []);

  return (
    <Card roomy aria-labelledby="activity-title">
      <CardTitle id="activity-title">Activity</CardTitle>
      {entries && entries.length === 0 && (
        <p className={styles.muted}>Nothing yet: what your team does in your account shows here.</p>
      )}
      {entries && entries.length > 0 && (
        <ol className={styles.rows} aria-labelledby="activity-title">
          {entries.map((entry) => (
            <li key={entry._id} className={styles.activity} data-testid="team-activity">
              <p className={styles.activityText}>
                <span className={styles.name}>{entry.member.username}</span> {TEAM_ACTION_TEXT[entry.action]}
                {entry.target && (
                  <>
                    {' · '}
                    <span className={styles.target}>{entry.target}</span>
                  </>
                )}
              </p>
              <time className={styles.detail} dateTime={entry.created_at}>
                {format(new Date(entry.created_at), 'd MMM, h:mm a')}
              </time>
            </li>
          ))}
        </ol>
      )}
      <FormAlert message={failure} />
      {loading && <Spinner label="Loading activity" />}
      {!loading && next && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => load(next)}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}
