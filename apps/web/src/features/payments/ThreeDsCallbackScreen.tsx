import { ERRORS, ThreeDsCallbackQuery } from '@parlor/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readQuery } from '../../app/routes';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/Spinner';
import { PrimaryLink, SystemPage } from '../system/SystemPage';
import {
  defaultReturn,
  finishPurchase,
  GET_CREDITS_PATH,
  purchaseFromCallback,
  takeReturn,
} from './purchase';

type Phase =
  | { kind: 'finishing' }
  | { kind: 'failed'; message: string; backTo: string }
  | { kind: 'done'; backTo: string; note?: string };

/**
 * /3ds-callback: back from the 3-D Secure challenge. On success the credits have
 * landed; the client finishes what the fan was doing (the tip, the subscription, the message),
 * keyed by the payment so a reload does it once, and returns to where the fan came from.
 */
export function ThreeDsCallbackScreen() {
  const navigate = useNavigate();
  const search = useLocation().search;
  const [phase, setPhase] = useState<Phase>({ kind: 'finishing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parsed = ThreeDsCallbackQuery.safeParse(readQuery(search));
    const query = parsed.success ? parsed.data : undefined;
    const resume = query ? purchaseFromCallback(query) : undefined;
    const backTo = takeReturn() ?? defaultReturn(resume);
    if (query?.['3ds'] !== 'success') {
      setPhase({
        kind: 'failed',
        message: 'Your bank did not confirm the payment. No credits were taken; you can try again.',
        backTo,
      });
      return;
    }
    (async () => {
      let note: string | undefined;
      if (resume) {
        try {
          await finishPurchase(resume, `after-${query.paymentId ?? search}`);
        } catch (error) {
          note = error instanceof Error ? error.message : ERRORS.default;
        }
      }
      if (note) setPhase({ kind: 'done', backTo, note });
      else navigate(backTo, { replace: true, state: { purchased: true } });
    })();
  }, [search, navigate]);

  if (phase.kind === 'finishing') return <PageSpinner label="Finishing your payment" />;
  if (phase.kind === 'done') {
    return (
      <SystemPage
        icon={<CheckIcon size={30} />}
        tone="success"
        title="Payment confirmed"
        actions={<PrimaryLink to={phase.backTo}>Continue</PrimaryLink>}
      >
        <p>Your credits were added.</p>
        {phase.note && <p>{phase.note}</p>}
      </SystemPage>
    );
  }
  return (
    <SystemPage
      icon={<AlertIcon size={30} />}
      tone="danger"
      title="Payment failed"
      actions={<PrimaryLink to={GET_CREDITS_PATH}>Try again</PrimaryLink>}
    >
      <p>{phase.message}</p>
    </SystemPage>
  );
}
