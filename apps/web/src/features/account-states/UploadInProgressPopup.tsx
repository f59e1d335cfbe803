import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { abortUploadsInFlight, atGuardEntry, markLeaving } from './uploadGuard';

export const UPLOAD_IN_PROGRESS_TITLE = 'Upload in progress';
export const UPLOAD_IN_PROGRESS_TEXT =
  'Your photo or video is still uploading. If you leave now, the upload stops and it is not sent.';

/**
 * Leaving a page in the app while media uploads: Stay (the default) keeps everything going; Leave
 * stops the uploads and goes where the user was going (`to`, or back when null).
 */
export function UploadInProgressPopup({
  to,
  active,
  close,
}: {
  to: string | null;
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
    // The guard entry above the page is stepped over: Back goes to the page before it.
    if (to === null) window.history.go(fromGuardEntry ? -2 : -1);
    else navigate(to, { replace: fromGuardEntry });
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
