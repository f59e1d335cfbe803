import type { BanNotice } from '@parlor/contract';
import styles from './AccountStatePopups.module.css';
import { BAN_APPEAL_NO_CONTACT, BAN_APPEAL_TO, BAN_TEXT } from './banNotice';

/** The ban as the account is told it: the rule broken, the admin's reason, and where to appeal. */
export function BanDetails({ ban }: { ban: BanNotice }) {
  return (
    <div className={styles.ban}>
      <p>{BAN_TEXT}</p>
      {ban.reason && (
        <p className={styles.reason}>
          <span className={styles.reasonLabel}>Reason:</span> {ban.reason}
        </p>
      )}
      <p className={styles.appeal}>
        {ban.contact ? (
          <>
            {BAN_APPEAL_TO} <a href={`mailto:${ban.contact}`}>{ban.contact}</a>.
          </>
        ) : (
          BAN_APPEAL_NO_CONTACT
        )}
      </p>
    </div>
  );
}
