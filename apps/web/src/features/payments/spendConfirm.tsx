import { asksBeforeSpending, creditsToDollars, plural } from '@parlor/contract';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CoinsIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';

/** What a confirm before a spend says: the amount in credits and dollars, and what it buys. */
export interface SpendQuestion {
  amount: number;
  /** What the credits pay for, as the end of "… for {what}", e.g. "a tip to mila". */
  what: string;
}

export const SPEND_CONFIRM_TITLE = 'Confirm spending';

/** The confirm's sentence, e.g. "Spend 100 credits ($10.00) on a tip to mila?". */
export function spendConfirmText({ amount, what }: SpendQuestion): string {
  return `Spend ${plural(amount, 'credit')} ($${creditsToDollars(amount)}) on ${what}?`;
}

export function SpendConfirmDialog({
  question,
  limit,
  onAnswer,
}: {
  question: SpendQuestion;
  limit: number;
  onAnswer: (yes: boolean) => void;
}) {
  return (
    <Dialog
      title={SPEND_CONFIRM_TITLE}
      onClose={() => onAnswer(false)}
      centered
      hero={<CoinsIcon size={30} />}
      actions={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            Cancel
          </Button>
          <Button onClick={() => onAnswer(true)}>Spend {plural(question.amount, 'credit')}</Button>
        </>
      }
    >
      <p>{spendConfirmText(question)}</p>
      <p>You asked to confirm anything over {plural(limit, 'credit')}. You can change this in Settings.</p>
    </Dialog>
  );
}

/**
 * The fan's "ask me before spending more than N credits": `confirmSpend` answers true at once when
 * the setting is off or the amount is not above N, else shows the confirm and answers the fan's
 * choice. Render `dialog` where the spend is offered.
 */
export function useSpendConfirm(): {
  confirmSpend: (question: SpendQuestion) => Promise<boolean>;
  dialog: ReactNode;
} {
  const user = useAppSelector(selectUser);
  const [asking, setAsking] = useState<SpendQuestion | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  // Read defensively: a user cached by an older client may lack the settings group.
  const limit = user?.settings?.spending?.confirm_above ?? null;
  const confirmSpend = useCallback(
    (question: SpendQuestion) => {
      if (!asksBeforeSpending(limit, question.amount)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(question);
      });
    },
    [limit],
  );
  const onAnswer = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsking(null);
  };
  return {
    confirmSpend,
    dialog:
      asking && limit !== null ? (
        <SpendConfirmDialog question={asking} limit={limit} onAnswer={onAnswer} />
      ) : null,
  };
}
