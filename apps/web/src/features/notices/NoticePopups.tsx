import { endpoints, type IntroKind, type PlatformNotice } from '@parlor/contract';
import { call } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AlertIcon, CheckIcon, CompassIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import { introContent } from './introRules';
import styles from './NoticePopups.module.css';
import { markIntroSeen } from './noticesSlice';

export const GOT_IT = 'Got it';
export const GLOBAL_NOTICE_TITLE = 'Notice from Parlor';

interface Props {
  active: boolean;
  close: () => void;
}

/** The first visit of an area: what it does and its key actions. Closing it in any way marks it seen. */
export function IntroPopup({ intro, active, close }: Props & { intro: IntroKind }) {
  const dispatch = useAppDispatch();
  const type = useAppSelector(selectUser)?.type ?? 'user';
  const content = introContent(intro, type);
  const done = () => {
    dispatch(markIntroSeen(intro));
    close();
  };
  return (
    <Dialog
      title={content.title}
      active={active}
      centered
      onClose={done}
      hero={
        <span className={styles.hero}>
          <CompassIcon size={30} />
        </span>
      }
      actions={
        <Button size="large" fullWidth onClick={done}>
          {GOT_IT}
        </Button>
      }
    >
      <p>{content.text}</p>
      <ul className={styles.actions}>
        {content.actions.map((action) => (
          <li key={action} className={styles.action}>
            <CheckIcon size={16} className={styles.tick} />
            <span>{action}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The global warning an admin set; closing it is remembered on the server for this user. */
export function GlobalNoticePopup({ notice, active, close }: Props & { notice: PlatformNotice }) {
  const done = () => {
    // Remembered on the server; should that fail, the notice simply shows again at the next load.
    call(endpoints.dismissPlatformNotice, { params: { id: notice._id } }).catch(() => undefined);
    close();
  };
  return (
    <Dialog
      title={GLOBAL_NOTICE_TITLE}
      active={active}
      centered
      onClose={done}
      hero={
        <span className={styles.warningHero}>
          <AlertIcon size={30} />
        </span>
      }
      actions={
        <Button size="large" fullWidth onClick={done}>
          OK
        </Button>
      }
    >
      <p className={styles.message}>{notice.message}</p>
    </Dialog>
  );
}
