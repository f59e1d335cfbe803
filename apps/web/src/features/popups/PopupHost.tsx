import { TEXTS } from '@parlor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckIcon } from '../../ui/icons';
import { AccountFrozenPopup, AccountTerminatedPopup } from '../account-states/AccountStatePopups';
import { BoostPopup } from '../account-states/BoostPopup';
import { UploadInProgressPopup } from '../account-states/UploadInProgressPopup';
import { GlobalNoticePopup, IntroPopup } from '../notices/NoticePopups';
import { PaymentPopup } from '../payments/PaymentPopup';
import { ReferralPopup } from '../referrals/ReferralPopup';
import { EmailVerifyPopup } from '../verification/EmailVerifyPopup';
import { EmailVerifiedPopup, EssentialInfoPopup } from '../verification/OnboardingPopups';
import { type PopupEntry, popPopup, selectPopupStack } from './popupsSlice';

interface KindProps<E extends PopupEntry> {
  entry: E;
  active: boolean;
  close: () => void;
  run: (action: UnknownAction | undefined) => void;
}

function BasicPopup({ entry, active, close, run }: KindProps<Extract<PopupEntry, { kind: 'basic' }>>) {
  const { title, text, buttons = [{ label: 'OK', variant: 'primary' }], closable = true } = entry.props;
  return (
    <Dialog
      title={title}
      active={active}
      onClose={closable ? close : undefined}
      actions={buttons.map((button) => (
        <Button
          key={button.label}
          variant={button.variant ?? 'secondary'}
          onClick={() => {
            run(button.action);
            close();
          }}
        >
          {button.label}
        </Button>
      ))}
    >
      {text && <p>{text}</p>}
    </Dialog>
  );
}

function ConfirmPopup({ entry, active, close, run }: KindProps<Extract<PopupEntry, { kind: 'confirm' }>>) {
  const { title, text, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger, onConfirm } = entry.props;
  return (
    <Dialog
      title={title}
      active={active}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={() => {
              run(onConfirm);
              close();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {text && <p>{text}</p>}
    </Dialog>
  );
}

/** The account-verified popup; Continue reloads the page. */
function AccountVerifiedPopup({ active }: KindProps<Extract<PopupEntry, { kind: 'accountVerified' }>>) {
  return (
    <Dialog
      title={TEXTS.accountVerifiedTitle}
      active={active}
      centered
      hero={<CheckIcon size={32} />}
      actions={
        <Button size="large" fullWidth onClick={() => window.location.reload()}>
          Continue
        </Button>
      }
    >
      <p>{TEXTS.accountVerifiedText}</p>
    </Dialog>
  );
}

/** Renders the popup stack; only the top popup is interactive. */
export function PopupHost() {
  const stack = useAppSelector(selectPopupStack);
  const dispatch = useAppDispatch();
  const run = (action: UnknownAction | undefined) => {
    if (action) dispatch(action);
  };

  return stack.map((entry, index) => {
    const props = { active: index === stack.length - 1, close: () => dispatch(popPopup(entry.id)), run };
    switch (entry.kind) {
      case 'basic':
        return <BasicPopup key={entry.id} entry={entry} {...props} />;
      case 'confirm':
        return <ConfirmPopup key={entry.id} entry={entry} {...props} />;
      case 'accountVerified':
        return <AccountVerifiedPopup key={entry.id} entry={entry} {...props} />;
      case 'payments':
        return <PaymentPopup key={entry.id} id={entry.id} props={entry.props} {...props} />;
      case 'emailVerify':
        return <EmailVerifyPopup key={entry.id} props={entry.props} {...props} />;
      case 'emailVerified':
        return <EmailVerifiedPopup key={entry.id} {...props} />;
      case 'essentialInfo':
        return <EssentialInfoPopup key={entry.id} {...props} />;
      case 'accountTerminated':
        return <AccountTerminatedPopup key={entry.id} reason={entry.props.reason} {...props} />;
      case 'accountFrozen':
        return <AccountFrozenPopup key={entry.id} message={entry.props.message} {...props} />;
      case 'referralProgram':
        return <ReferralPopup key={entry.id} props={entry.props} {...props} />;
      case 'boost':
        return <BoostPopup key={entry.id} {...props} />;
      case 'intro':
        return <IntroPopup key={entry.id} intro={entry.props.intro} {...props} />;
      case 'globalNotice':
        return <GlobalNoticePopup key={entry.id} notice={entry.props.notice} {...props} />;
      case 'uploadInProgress':
        return <UploadInProgressPopup key={entry.id} target={entry.props} {...props} />;
      default:
        return null;
    }
  });
}
