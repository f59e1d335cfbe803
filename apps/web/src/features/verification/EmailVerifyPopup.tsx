import { ERRORS, maskEmail, rules, VERIFY_TEXTS } from '@parlor/contract';
import { type FormEvent, useEffect, useReducer, useState } from 'react';
import { ApiError } from '../../platform/api';
import { useAppDispatch } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckIcon } from '../../ui/icons';
import { NoticeDialog } from '../../ui/NoticeDialog';
import { TextField } from '../../ui/TextField';
import { userUpdated } from '../auth/authSlice';
import { actionVerifyHandler, releaseActionVerify } from './actionVerify';
import { CodeBoxes } from './CodeBoxes';
import styles from './EmailVerifyPopup.module.css';
import { emailSuggestion, isFreeMailAddress } from './emailAdvice';
import type { EmailVerifyPopupProps } from './popupProps';
import { changeVerifyEmail, resendVerifyEmail, sendActionCode, verifyEmailCode } from './verificationApi';
import {
  codeComplete,
  codeOf,
  cooldownAtOpen,
  cooldownLeft,
  initialVerifyState,
  pastedCode,
  verifyReducer,
  verifyTitle,
} from './verifyMachine';

interface Props {
  props: EmailVerifyPopupProps;
  active: boolean;
  close: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : ERRORS.default);
/** Wrong, void and malformed codes all empty the boxes so the next try starts clean. */
const clearsCode = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'wrong_code' || error.code === 'code_locked' || error.status === 400);

/** Re-renders every second while `until` lies ahead, answering the current time. */
function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(now, Date.now());
}

/** The email verification popup, onboarding or action mode. */
export function EmailVerifyPopup({ props, active, close }: Props) {
  const dispatch = useAppDispatch();
  const mode = props.actionId ? 'action' : 'onboarding';
  const [state, send] = useReducer(verifyReducer, undefined, () =>
    initialVerifyState(mode, props.email, {
      ...((cooldownAtOpen(props) || props.codeJustSent) && { cooldownFrom: Date.now() }),
    }),
  );
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const now = useNow(state.cooldownUntil);
  const waiting = cooldownLeft(state, now);
  const canClose = props.isClosable || props.isVerifyResend;

  const closeAndRelease = () => {
    if (props.actionId) releaseActionVerify(props.actionId);
    close();
  };

  // Onboarding: after success the Continue button counts down 5 seconds, then the sheet closes.
  // Nothing follows it: its done stage is the "email verified" news, and sign-up took the rest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close stays the same for the popup's life
  useEffect(() => {
    if (state.stage !== 'done') return;
    if (state.countdown <= 0) {
      close();
      return;
    }
    const timer = setTimeout(() => send({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
  }, [state.stage, state.countdown]);

  const submit = async (code: string) => {
    send({ type: 'submitted' });
    try {
      if (props.actionId) {
        const handler = actionVerifyHandler(props.actionId);
        if (!handler) throw new Error(ERRORS.default);
        await handler.verify(code);
        // Action mode closes at once and runs the caller's success callback.
        closeAndRelease();
        handler.onSuccess?.();
        return;
      }
      const answer = await verifyEmailCode(code);
      dispatch(userUpdated(answer.user));
      send({ type: 'verified' });
    } catch (error) {
      send({ type: 'verifyFailed', message: messageOf(error), clearCode: clearsCode(error) });
    }
  };

  const resend = async (to?: string) => {
    send({ type: 'resendStarted' });
    try {
      if (mode === 'action') {
        const answer = await sendActionCode();
        send({ type: 'resent', email: answer.email, now: Date.now() });
      } else {
        const changing = to !== undefined && to !== state.email;
        const answer = changing ? await changeVerifyEmail(to) : await resendVerifyEmail(state.email);
        if (answer.user) dispatch(userUpdated(answer.user));
        send({ type: 'resent', email: answer.email, now: Date.now() });
      }
    } catch (error) {
      send({ type: 'resendFailed', message: messageOf(error) });
    }
  };

  const submitDifferent = (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.required(newEmail) ?? rules.email(newEmail);
    setEmailError(invalid);
    if (!invalid) void resend(newEmail.trim().toLowerCase());
  };

  const shownEmail = mode === 'action' ? maskEmail(state.email) : state.email;
  const suggestion = state.stage === 'different' ? emailSuggestion(newEmail) : emailSuggestion(state.email);
  const freeMail = isFreeMailAddress(state.stage === 'different' ? newEmail : state.email);
  const title = verifyTitle(state, props.isAlreadyConverted);

  const status = (
    <>
      {state.notice && (
        <p className={styles.notice} role="status">
          {state.notice}
        </p>
      )}
      {state.error && (
        <p className={styles.error} role="alert">
          {state.error}
        </p>
      )}
    </>
  );

  if (state.stage === 'done') {
    return (
      <NoticeDialog
        title={title}
        active={active}
        icon={<CheckIcon size={32} />}
        buttonLabel={VERIFY_TEXTS.continueIn(state.countdown)}
        onButton={close}
      >
        <p>{VERIFY_TEXTS.done}</p>
      </NoticeDialog>
    );
  }

  return (
    <Dialog title={title} active={active} onClose={canClose ? closeAndRelease : undefined}>
      {state.stage === 'code' && (
        <form
          className={styles.stage}
          onSubmit={(event) => {
            event.preventDefault();
            if (codeComplete(state)) void submit(codeOf(state));
          }}
        >
          {mode === 'action' ? (
            <>
              <p>{VERIFY_TEXTS.actionExplain}</p>
              <p>{VERIFY_TEXTS.enterCode(shownEmail)}</p>
            </>
          ) : (
            <p>
              {VERIFY_TEXTS.enterCode('')}
              <strong className={styles.email}>{shownEmail}</strong>
            </p>
          )}
          {mode === 'onboarding' && freeMail && <p className={styles.hint}>{VERIFY_TEXTS.freeMailNotice}</p>}
          <CodeBoxes
            digits={state.digits}
            disabled={state.busy}
            invalid={!!state.error}
            onType={(index, value) => send({ type: 'typed', index, value })}
            onErase={(index) => send({ type: 'erased', index })}
            onPaste={(text) => {
              const code = pastedCode(text);
              send({ type: 'pasted', text });
              if (code) void submit(code);
            }}
          />
          {status}
          <Button type="submit" size="large" fullWidth disabled={!codeComplete(state)} loading={state.busy}>
            {mode === 'action' ? VERIFY_TEXTS.verifyAction : VERIFY_TEXTS.verifyOnboarding}
          </Button>
          <button type="button" className={styles.link} onClick={() => send({ type: 'showHelp' })}>
            {VERIFY_TEXTS.cantSee}
          </button>
        </form>
      )}

      {state.stage === 'help' && (
        <div className={styles.stage}>
          <p>{VERIFY_TEXTS.helpAdvice}</p>
          <p className={styles.hint}>
            We sent it to <strong className={styles.email}>{shownEmail}</strong>
          </p>
          {status}
          <Button
            size="large"
            fullWidth
            disabled={waiting > 0}
            loading={state.busy}
            onClick={() => void resend()}
          >
            {waiting > 0 ? `${VERIFY_TEXTS.resend} (${waiting}s)` : VERIFY_TEXTS.resend}
          </Button>
          <div className={styles.links}>
            {mode === 'onboarding' && (
              <button type="button" className={styles.link} onClick={() => send({ type: 'showDifferent' })}>
                {VERIFY_TEXTS.sendDifferent}
              </button>
            )}
            <button type="button" className={styles.link} onClick={() => send({ type: 'backToCode' })}>
              I have a code
            </button>
          </div>
        </div>
      )}

      {state.stage === 'different' && (
        <form className={styles.stage} onSubmit={submitDifferent} noValidate>
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={state.email}
            value={newEmail}
            error={emailError}
            onChange={(event) => {
              setNewEmail(event.target.value);
              setEmailError(undefined);
            }}
          />
          {suggestion && (
            <button
              type="button"
              className={styles.suggestion}
              disabled={waiting > 0 || state.busy}
              onClick={() => {
                setNewEmail(suggestion);
                void resend(suggestion.toLowerCase());
              }}
            >
              {VERIFY_TEXTS.suggestion(suggestion)}
            </button>
          )}
          {freeMail && <p className={styles.hint}>{VERIFY_TEXTS.freeMailNotice}</p>}
          {status}
          <Button type="submit" size="large" fullWidth disabled={waiting > 0} loading={state.busy}>
            {waiting > 0 ? `${VERIFY_TEXTS.submit} (${waiting}s)` : VERIFY_TEXTS.submit}
          </Button>
          <button type="button" className={styles.link} onClick={() => send({ type: 'backToCode' })}>
            I have a code
          </button>
        </form>
      )}
    </Dialog>
  );
}
