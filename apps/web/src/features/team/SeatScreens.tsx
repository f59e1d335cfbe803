import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../platform/hooks';
import { takeSeatEndedNotice } from '../../platform/seatSession';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LockIcon, UserIcon } from '../../ui/icons';
import { NoticeDialog } from '../../ui/NoticeDialog';
import { seatHome, seatMayOpen, selectSeat } from './seatAccess';
import { TEAM_TEXT } from './teamText';

/**
 * A screen the seat may not work in (opened from a link or typed) is not shown: its calls would
 * all be refused. The way to what the seat does is offered instead.
 */
export function SeatGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const seat = useAppSelector(selectSeat);
  if (!seat || seatMayOpen(pathname, seat.permissions)) return children;
  return (
    <EmptyState
      level={1}
      icon={<LockIcon size={28} />}
      title="Not part of this seat"
      text={TEAM_TEXT.notInSeat}
      action={
        <Link to={seatHome(seat.permissions)} className={buttonClass('primary', 'medium')}>
          Go to the workspace
        </Link>
      }
    />
  );
}

// Taken from storage once per page: a second render (StrictMode's) reads the same.
let endedNotice: string | null | undefined;
const seatEndedOnce = () => {
  if (endedNotice === undefined) endedNotice = takeSeatEndedNotice();
  return endedNotice;
};

/** After a seat ended under the member (removed, expired), their own account says so once. */
export function SeatEndedNotice() {
  const [creator, setCreator] = useState(seatEndedOnce);
  if (!creator) return null;
  const close = () => setCreator(null);
  return (
    <NoticeDialog
      title={TEAM_TEXT.seatEndedTitle}
      icon={<UserIcon size={30} />}
      buttonLabel="OK"
      onButton={close}
      onClose={close}
    >
      <p>{TEAM_TEXT.seatEnded(creator)}</p>
    </NoticeDialog>
  );
}
