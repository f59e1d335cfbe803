// biome-ignore lint/style/noRestrictedImports: the popup's Leave is the one navigate that never asks.
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { abortUploadsInFlight } from '../media/uploadsSlice';
import type { LeaveTarget } from './leaveTarget';
import { atGuardEntry, markLeaving } from './uploadGuard';

export const UPLOAD_IN_PROGRESS_TITLE = 'Upload in progress';
export const UPLOAD_IN_PROGRESS_TEXT =
  'Your photo or video is still uploading. If you leave now, the upload stops and nothing is sent or saved.';

/**
 * Leaving a page in the app while media uploads: Stay (the default) keeps everything going; Leave
 * stops every upload in flight and goes where the user was going (`target.to`, or back when null).
 */
export function UploadInProgressPopup({
  target,
  active,
  close,
}: {
  target: LeaveTarget;
  active: boolean;
  close: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const leave = () => {
    markLeaving();
    const fromGuardEntry = atGuardEntry();
    dispatch(abortUploadsInFlight());
    close();
    if (target.onLeave) dispatch(target.onLeave);
    // The guard entry above the page is stepped over: Back goes to the page before it.
    if (target.to === null) window.history.go(fromGuardEntry ? -2 : -1);
    else
      void navigate(target.to, {
        replace: fromGuardEntry || Boolean(target.replace),
        ...(target.state === undefined ? {} : { state: target.state }),
      });
  };
  return (
    <Dialog
      title={UPLOAD_IN_PROGRESS_TITLE}
      active={active}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={leave}>
            Leave
          </Button>
          <Button variant="primary" onClick={close}>
            Stay
          </Button>
        </>
      }
    >
      <p>{UPLOAD_IN_PROGRESS_TEXT}</p>
    </Dialog>
  );
}
