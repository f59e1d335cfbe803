import { creditsToDollars, type Message, plural, TIP_AMOUNTS, TIP_MAX } from '@parlor/contract';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { GiftIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { selectUser } from '../auth/authSlice';
import { selectFeature } from '../provider/providerConfigSlice';
import { notEnoughCreditsPopup } from './notEnoughCredits';
import { newIdempotencyKey } from './paymentsApi';
import { useSpendConfirm } from './spendConfirm';
import styles from './TipButton.module.css';
import { sendTip } from './tipsThunks';

interface Props {
  chatId?: string | undefined;
  recipientId: string;
  /** The stored tip message, for a conversation that wants to show it before the realtime echo. */
  onTipped?: (message: Message) => void;
  size?: 'small' | 'medium' | 'large';
}

/**
 * The conversation's tip action: an amount picker with the balance and dollar values, a
 * balance check, and POST /v1/tips. Short of credits it opens "Not enough credits", whose purchase
 * then sends this tip. Hidden when the account's `tips` feature is off.
 */
export function TipButton({ chatId, recipientId, onTipped, size = 'small' }: Props) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const user = useAppSelector(selectUser);
  const enabled = useAppSelector(selectFeature('tips'));
  const sending = useAppSelector((s) => selectRequest(s, sendTip)).status === 'Fetching';
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number>(TIP_AMOUNTS[1]);
  const [custom, setCustom] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A retry of the same tip keeps its key, so the server answers it once; a changed tip is a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const { confirmSpend, dialog } = useSpendConfirm();

  if (!enabled || !user || user._id === recipientId) return null;
  const chosen = custom !== '' ? Number(custom) : amount;
  const invalid = !Number.isInteger(chosen) || chosen < 1 || chosen > TIP_MAX;
  const short = !invalid && chosen > user.credits;
  const resume = { type: 'tip' as const, modelId: recipientId, chatId, amount: chosen };

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const notEnough = (message?: string) => {
    close();
    dispatch(notEnoughCreditsPopup({ backTo: pathname, resume, ...(message ? { message } : {}) }));
  };

  async function send() {
    if (invalid) return;
    // Asked before the balance is checked: buying credits for it then finishes a tip already agreed to.
    if (!(await confirmSpend({ amount: chosen, what: 'this tip' }))) return;
    if (short) {
      notEnough();
      return;
    }
    const tip = {
      recipient_id: recipientId,
      amount: chosen,
      ...(chatId ? { chat_id: chatId } : {}),
      ...(note.trim() ? { text: note.trim() } : {}),
    };
    const body = JSON.stringify(tip);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    const result = await dispatch(sendTip({ ...tip, idempotency_key: attempt.current.key }));
    if (sendTip.fulfilled.match(result)) {
      attempt.current = null;
      showToast(`Tip of ${plural(tip.amount, 'credit')} sent.`);
      setNote('');
      close();
      onTipped?.(result.payload.message);
    } else if (sendTip.rejected.match(result)) {
      if (result.payload?.status === 402) notEnough(result.payload.message);
      else setError(result.payload?.message ?? null);
    }
  }

  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        <GiftIcon size={18} />
        Tip
      </Button>
      {open && (
        <Dialog
          title="Send a tip"
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button onClick={send} loading={sending} disabled={invalid}>
                {invalid ? 'Send tip' : `Send ${plural(chosen, 'credit')}`}
              </Button>
            </>
          }
        >
          <p className={styles.balance}>
            Your balance: {plural(user.credits, 'credit')} (${creditsToDollars(user.credits)})
          </p>
          <div className={styles.amounts} role="radiogroup" aria-label="Tip amount">
            {TIP_AMOUNTS.map((a) => (
              <label
                key={a}
                className={styles.amount}
                data-checked={(custom === '' && amount === a) || undefined}
              >
                <input
                  type="radio"
                  name="tip-amount"
                  className="visually-hidden"
                  checked={custom === '' && amount === a}
                  onChange={() => {
                    setAmount(a);
                    setCustom('');
                  }}
                  aria-label={`${a} credits ($${creditsToDollars(a)})`}
                />
                <span className={styles.amountCredits}>{a}</span>
                <span className={styles.amountDollars}>${creditsToDollars(a)}</span>
              </label>
            ))}
          </div>
          <TextField
            label="Other amount (credits)"
            inputMode="numeric"
            value={custom}
            onChange={(e) => setCustom(e.target.value.replace(/\D/g, '').slice(0, 5))}
            error={custom !== '' && invalid ? `Choose 1 to ${TIP_MAX} credits` : undefined}
            hint={custom !== '' && !invalid ? `$${creditsToDollars(chosen)}` : undefined}
          />
          <TextField
            label="Note (optional)"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {short && (
            <p className={styles.short}>You need {chosen - user.credits} more credits for this tip.</p>
          )}
          <FormAlert message={error} />
        </Dialog>
      )}
      {dialog}
    </>
  );
}
