import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { IconButton } from '../../ui/IconButton';
import { CloseIcon } from '../../ui/icons';
import { type NewFanNotice, noticeDismissed, selectNewFanNotices } from './fansSlice';
import styles from './NewFanNotices.module.css';
import { newFanText } from './relationship';

/** How long a notice stays before it goes by itself. */
export const NOTICE_MS = 8000;

function Notice({ notice }: { notice: NewFanNotice }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(noticeDismissed(notice.id)), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, notice.id]);
  return (
    <li className={styles.notice}>
      <Avatar name={notice.username} size={32} />
      <span className={styles.text}>{newFanText(notice)}</span>
      <IconButton
        className={styles.close}
        aria-label="Dismiss"
        onClick={() => dispatch(noticeDismissed(notice.id))}
      >
        <CloseIcon size={16} />
      </IconButton>
    </li>
  );
}

/**
 * A creator's live "sam followed you" notices (`new_fan`): small, in a corner, gone after a few
 * seconds. The list sits in a polite live region, so a screen reader reads each new one once.
 */
export function NewFanNotices() {
  const notices = useAppSelector(selectNewFanNotices);
  return (
    // The live region wraps the list: a <ul> may not take the status role (it stays a list).
    <div role="status" aria-live="polite" aria-label="New fans">
      <ul className={styles.notices}>
        {notices.map((n) => (
          <Notice key={n.id} notice={n} />
        ))}
      </ul>
    </div>
  );
}
