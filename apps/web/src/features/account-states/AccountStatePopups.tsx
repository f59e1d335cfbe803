import { type BanNotice, STORAGE_KEYS, TEXTS } from '@parlor/contract';
import { useEffect } from 'react';
import { writeStorage } from '../../platform/browser';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AlertIcon } from '../../ui/icons';
import { NoticeDialog } from '../../ui/NoticeDialog';
import { selectSigningOut } from '../auth/authSlice';
import { logout } from '../auth/authThunks';
import styles from './AccountStatePopups.module.css';
import { BanDetails } from './BanDetails';

export const ACCOUNT_TERMINATED_TITLE = 'Account terminated';

/**
 * The banned event opens this popup. It cannot be dismissed; the is-banned key keeps the ban
 * until the unban screen clears it, and Log out ends the session.
 */
export function AccountTerminatedPopup({ ban, active }: { ban: BanNotice; active: boolean }) {
  const dispatch = useAppDispatch();
  const signingOut = useAppSelector(selectSigningOut);
  useEffect(() => {
    writeStorage(STORAGE_KEYS.isBanned, JSON.stringify(ban));
  }, [ban]);
  return (
    <Dialog
      title={ACCOUNT_TERMINATED_TITLE}
      active={active}
      centered
      hero={
        <span className={styles.dangerHero}>
          <AlertIcon size={30} />
        </span>
      }
      actions={
        <Button
          variant="danger"
          size="large"
          fullWidth
          loading={signingOut}
          onClick={() => dispatch(logout())}
        >
          Log out
        </Button>
      }
    >
      <BanDetails ban={ban} />
    </Dialog>
  );
}

/** A 423 answer shows 'Your account is frozen' with the server's message. */
export function AccountFrozenPopup({
  message,
  active,
  close,
}: {
  message: string;
  active: boolean;
  close: () => void;
}) {
  return (
    <NoticeDialog
      title={TEXTS.accountFrozenTitle}
      active={active}
      onClose={close}
      icon={<AlertIcon size={30} />}
      buttonLabel="OK"
      onButton={close}
    >
      <p>{message}</p>
    </NoticeDialog>
  );
}
