import { creditsToDollars, ERRORS, plural } from '@parlor/contract';
import { useAppDispatch } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AlertIcon, CheckIcon, CoinsIcon, LockIcon } from '../../ui/icons';
import { NoticeDialog } from '../../ui/NoticeDialog';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { deleteCard } from '../cards/cardsSlice';
import { pushPopup } from '../popups/popupsSlice';
import type { PaymentPopupProps } from './popupTypes';
import { GET_CREDITS_PATH, type GetCreditsState } from './purchase';

interface Props {
  id: string;
  props: PaymentPopupProps;
  active: boolean;
  close: () => void;
}

/** Renders one money popup; PopupHost shows it for the `payments` kind. */
export function PaymentPopup({ id, props, active, close }: Props) {
  const navigate = useGuardedNavigate();
  const dispatch = useAppDispatch();
  const toCredits = (state: GetCreditsState) => {
    close();
    navigate(GET_CREDITS_PATH, { state });
  };

  switch (props.type) {
    case 'unlockFreeChat':
      // Title, lock icon, message, Buy Credits button; the state carries the back-to path.
      return (
        <NoticeDialog
          title="Unlock Free Chat"
          active={active}
          onClose={close}
          icon={<LockIcon size={30} />}
          buttonLabel="Buy Credits"
          onButton={() => toCredits({ backTo: props.backTo })}
        >
          <p>{props.message}</p>
        </NoticeDialog>
      );
    case 'notEnoughCredits':
      return (
        <Dialog
          title="Not enough credits"
          active={active}
          onClose={close}
          centered
          hero={<CoinsIcon size={30} />}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Not now
              </Button>
              <Button
                onClick={() =>
                  toCredits({ backTo: props.backTo, ...(props.resume ? { resume: props.resume } : {}) })
                }
              >
                Buy Credits
              </Button>
            </>
          }
        >
          <p>{props.message ?? ERRORS.balanceTooLow} Buy a credit package to continue.</p>
        </Dialog>
      );
    case 'deleteCard':
      return (
        <Dialog
          title="Delete credit card?"
          active={active}
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Keep card
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  close();
                  const result = await dispatch(deleteCard(props.cardId));
                  if (deleteCard.rejected.match(result)) {
                    dispatch(
                      pushPopup({
                        id: `${id}-error`,
                        kind: 'payments',
                        props: {
                          type: 'deleteCardError',
                          message: result.payload?.message ?? ERRORS.default,
                        },
                      }),
                    );
                  }
                }}
              >
                Delete card
              </Button>
            </>
          }
        >
          <p>{props.label} will be removed from your saved cards.</p>
        </Dialog>
      );
    case 'deleteCardError':
      return (
        <Dialog
          title="Card can't be deleted"
          active={active}
          onClose={close}
          centered
          hero={<AlertIcon size={30} />}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button
                onClick={() => {
                  close();
                  navigate('/account/subscriptions');
                }}
              >
                Manage subscriptions
              </Button>
            </>
          }
        >
          <p>{props.message}</p>
        </Dialog>
      );
    case 'cryptoTopUpSuccess':
      return (
        <NoticeDialog
          title="Top-up successful!"
          active={active}
          onClose={close}
          icon={<CheckIcon size={32} />}
          buttonLabel="Continue"
          onButton={close}
        >
          <p>
            {plural(props.credits, 'credit')} (${creditsToDollars(props.credits)}) were added to your balance.
          </p>
          <p>
            Paid {props.paidAmount} {props.paidCurrency}, network fee {props.fee} {props.paidCurrency}.
          </p>
        </NoticeDialog>
      );
  }
}
