import { TEXTS } from '@parlor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Suspense } from 'react';
import { GlobalNoticePopup, IntroPopup } from '../features/notices/NoticePopups';
import { type PopupEntry, popPopup, selectPopupStack } from '../features/popups/popupsSlice';
import { useAppDispatch, useAppSelector } from '../platform/hooks';
import { lazyWithRetry } from '../platform/lazyWithRetry';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { CheckIcon } from '../ui/icons';

// The popups a first screen may open (an area's intro, the platform's notice, a confirmation) come
// with this host; the others (payments, verification, referrals, account states: 30 KB) are loaded
// when first opened, or a few seconds after the page's start (`preloadPopups`).
const loaders = {
  accountStates: () => import('../features/account-states/AccountStatePopups'),
  boost: () => import('../features/account-states/BoostPopup'),
  uploadInProgress: () => import('../features/account-states/UploadInProgressPopup'),
  payment: () => import('../features/payments/PaymentPopup'),
  referral: () => import('../features/referrals/ReferralPopup'),
  report: () => import('../features/chats/ReportPopup'),
  emailVerify: () => import('../features/verification/EmailVerifyPopup'),
};
const AccountFrozenPopup = lazyWithRetry(loaders.accountStates, 'AccountFrozenPopup');
const AccountTerminatedPopup = lazyWithRetry(loaders.accountStates, 'AccountTerminatedPopup');
const BoostPopup = lazyWithRetry(loaders.boost, 'BoostPopup');
const UploadInProgressPopup = lazyWithRetry(loaders.uploadInProgress, 'UploadInProgressPopup');
const PaymentPopup = lazyWithRetry(loaders.payment, 'PaymentPopup');
const ReferralPopup = lazyWithRetry(loaders.referral, 'ReferralPopup');
const ReportPopup = lazyWithRetry(loaders.report, 'ReportPopup');
const EmailVerifyPopup = lazyWithRetry(loaders.emailVerify, 'EmailVerifyPopup');

/**
 * Loads the popups kept out of the page's start, so that none waits for its code when opened: each
 * through its own component, which then renders at once (lazyWithRetry).
 */
export function preloadPopups(): void {
  for (const popup of [
    AccountFrozenPopup,
    AccountTerminatedPopup,
    BoostPopup,
    UploadInProgressPopup,
    PaymentPopup,
    ReferralPopup,
    ReportPopup,
    EmailVerifyPopup,
  ]) {
    void popup.preload();
  }
}

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
    // Each in a boundary of its own: a popup whose code is still loading hides no other.
    return (
      <Suspense key={entry.id} fallback={null}>
        {popupOf(entry, props)}
      </Suspense>
    );
  });
}

type HostProps = Omit<KindProps<PopupEntry>, 'entry'>;

function popupOf(entry: PopupEntry, props: HostProps) {
  switch (entry.kind) {
    case 'basic':
      return <BasicPopup entry={entry} {...props} />;
    case 'confirm':
      return <ConfirmPopup entry={entry} {...props} />;
    case 'accountVerified':
      return <AccountVerifiedPopup entry={entry} {...props} />;
    case 'payments':
      return <PaymentPopup id={entry.id} props={entry.props} {...props} />;
    case 'emailVerify':
      return <EmailVerifyPopup props={entry.props} {...props} />;
    case 'accountTerminated':
      return <AccountTerminatedPopup ban={entry.props.ban} {...props} />;
    case 'accountFrozen':
      return <AccountFrozenPopup message={entry.props.message} {...props} />;
    case 'referralProgram':
      return <ReferralPopup props={entry.props} {...props} />;
    case 'report':
      return <ReportPopup entry={entry} {...props} />;
    case 'boost':
      return <BoostPopup {...props} />;
    case 'intro':
      return <IntroPopup intro={entry.props.intro} {...props} />;
    case 'globalNotice':
      return <GlobalNoticePopup notice={entry.props.notice} {...props} />;
    case 'uploadInProgress':
      return <UploadInProgressPopup target={entry.props} {...props} />;
    default:
      return null;
  }
}
