import { useState } from 'react';
import { useAppSelector } from '../../platform/hooks';
import { UserIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import styles from './SeatBar.module.css';
import { selectSeat } from './seatAccess';
import { TEAM_TEXT } from './teamText';
import { backToOwnAccount } from './workspaceSwitch';

/**
 * Above every screen of a team seat: whose account this is and who works it, with the way back to
 * the member's own account. It cannot be dismissed, so nobody forgets whose name they write in.
 */
export function SeatBar() {
  const user = useAppSelector(selectUser);
  const seat = useAppSelector(selectSeat);
  const [leaving, setLeaving] = useState(false);
  if (!user || !seat) return null;
  return (
    <section className={styles.bar} aria-label="Team seat">
      <p className={styles.text}>
        <span className={styles.working} title={TEAM_TEXT.workingAs(user.username)}>
          {TEAM_TEXT.workingAs(user.username)}
        </span>
        <span className={styles.member} title={TEAM_TEXT.signedInAs(seat.username)}>
          {/* A phone has room for the name: the words stay for screen readers, an icon for the eye. */}
          <UserIcon size={12} />
          <span className={styles.prefix}>{TEAM_TEXT.signedInAs('')}</span>
          {seat.username}
        </span>
      </p>
      <button
        type="button"
        className={styles.back}
        disabled={leaving}
        aria-busy={leaving || undefined}
        onClick={() => {
          setLeaving(true);
          void backToOwnAccount();
        }}
      >
        {TEAM_TEXT.backToMine}
      </button>
    </section>
  );
}
