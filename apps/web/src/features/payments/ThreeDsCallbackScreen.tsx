import { ERRORS, type PaymentResponse, ThreeDsCallbackQuery } from '@parlor/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../platform/hooks';
import { readQuery } from '../../platform/routing';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/Spinner';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { creditsChanged } from '../auth/authSlice';
import { PrimaryLink, SystemPage } from '../system/SystemPage';
import { paymentsApi } from './paymentsApi';
import {
  defaultReturn,
  finishPurchase,
  GET_CREDITS_PATH,
  type GetCreditsState,
  purchaseFromCallback,
  THREE_DS_FAILED_MESSAGE,
  takeChoice,
  takeReturn,
} from './purchase';

/** How long the screen waits for the provider's webhook to credit a payment the browser returned from. */
const WAIT_MS = 60_000;
const POLL_MS = 1_000;

/**
 * The payment as the server sees it now. A real provider credits by its webhook, which may come a
 * moment after the browser returns: wait until the payment is settled (or the wait runs out).
 */
async function settledPayment(paymentId: string): Promise<PaymentResponse | null> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const p = await paymentsApi.payment(paymentId).catch(() => null);
    if (!p) return null;
    // Settled: credited, or failed (no longer waiting for the fan or the provider).
    if (p.result || !p.three_ds) return p;
    if (Date.now() > until) return p;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

type Phase =
  | { kind: 'finishing' }
  | { kind: 'failed'; message: string; backTo: string; retry: GetCreditsState }
  | { kind: 'done'; backTo: string; note?: string }
  | { kind: 'pending'; backTo: string };

/**
 * /3ds-callback: back from the 3-D Secure challenge. On success the credits have
 * landed; the client finishes what the fan was doing (the tip, the subscription, the message),
 * keyed by the payment so a reload does it once, and returns to where the fan came from.
 */
export function ThreeDsCallbackScreen() {
  const navigate = useGuardedNavigate();
  const dispatch = useAppDispatch();
  const search = useLocation().search;
  const [phase, setPhase] = useState<Phase>({ kind: 'finishing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parsed = ThreeDsCallbackQuery.safeParse(readQuery(search));
    const query = parsed.success ? parsed.data : undefined;
    const resume = query ? purchaseFromCallback(query) : undefined;
    const stored = takeReturn();
    const backTo = stored ?? defaultReturn(resume);
    // Try again opens the same package and card, still finishing what the credits were for.
    const retry: GetCreditsState = { retry: takeChoice(), resume, ...(stored ? { backTo: stored } : {}) };
    if (query?.['3ds'] !== 'success') {
      setPhase({ kind: 'failed', message: THREE_DS_FAILED_MESSAGE, backTo, retry });
      return;
    }
    (async () => {
      let note: string | undefined;
      if (query.paymentId) {
        const payment = await settledPayment(query.paymentId);
        if (payment && !payment.result && !payment.three_ds) {
          setPhase({ kind: 'failed', message: payment.message ?? ERRORS.default, backTo, retry });
          return;
        }
        if (payment && !payment.result) {
          setPhase({ kind: 'pending', backTo });
          return;
        }
        if (payment) dispatch(creditsChanged(payment.credits));
      }
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
  }, [search, navigate, dispatch]);

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
  if (phase.kind === 'pending') {
    return (
      <SystemPage
        icon={<CheckIcon size={30} />}
        tone="success"
        title="Payment received"
        actions={<PrimaryLink to={phase.backTo}>Continue</PrimaryLink>}
      >
        <p>The payment provider has not confirmed the payment yet. Your credits land as soon as it does.</p>
      </SystemPage>
    );
  }
  return (
    <SystemPage
      icon={<AlertIcon size={30} />}
      tone="danger"
      title="Payment failed"
      actions={
        <PrimaryLink to={GET_CREDITS_PATH} state={phase.retry}>
          Try again
        </PrimaryLink>
      }
    >
      <p>{phase.message}</p>
    </SystemPage>
  );
}
