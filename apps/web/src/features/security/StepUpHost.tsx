import { SECURITY_MESSAGES } from '@parlor/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ApiErrorInfo, toErrorInfo } from '../../platform/api';
import { registerStepUpPrompt, type StepUpAsk } from '../../platform/stepUp';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { signInAlert, useLockout } from '../auth/lockout';
import { type CodeKind, codeError } from './codeModel';
import { SecondFactorField } from './SecondFactorField';
import styles from './StepUpHost.module.css';

interface Pending {
  id: number;
  ask: StepUpAsk;
  attempt: (code: string) => Promise<void>;
  done: () => void;
}

let asked = 0;

/**
 * The one prompt for a fresh code (platform/stepUp.ts): any change the server refuses for want of
 * one, and the security settings' own (turning two-factor sign-in off, new recovery codes), open
 * it. Requests that ask at once take turns.
 */
export function StepUpHost() {
  const [queue, setQueue] = useState<Pending[]>([]);
  useEffect(
    () =>
      registerStepUpPrompt(
        (ask, attempt) =>
          new Promise<void>((resolve) => {
            const entry: Pending = {
              id: ++asked,
              ask,
              attempt,
              done: () => {
                setQueue((list) => list.filter((e) => e !== entry));
                resolve();
              },
            };
            setQueue((list) => [...list, entry]);
          }),
      ),
    [],
  );
  const current = queue[0];
  return current ? <StepUpDialog key={current.id} entry={current} /> : null;
}

function StepUpDialog({ entry }: { entry: Pending }) {
  const formId = useId();
  const [kind, setKind] = useState<CodeKind>('app');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<ApiErrorInfo | null>(null);
  const [sending, setSending] = useState(false);
  const lockedFor = useLockout(refusal);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = codeError(kind, value);
    setFieldError(error);
    if (error) return;
    setSending(true);
    setRefusal(null);
    try {
      await entry.attempt(value);
      entry.done();
    } catch (e) {
      setRefusal(toErrorInfo(e));
      setValue('');
      setSending(false);
    }
  };

  return (
    <Dialog
      title={entry.ask.title}
      onClose={sending ? undefined : entry.done}
      actions={
        <>
          <Button variant="secondary" disabled={sending} onClick={entry.done}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={sending} disabled={lockedFor > 0}>
            {entry.ask.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <p>{entry.ask.text}</p>
        <FormAlert message={signInAlert(refusal, lockedFor, SECURITY_MESSAGES.codesThrottled)} />
        <SecondFactorField
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setValue('');
            setFieldError(undefined);
          }}
          value={value}
          error={fieldError}
          onChange={(next) => {
            setValue(next);
            if (fieldError) setFieldError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
