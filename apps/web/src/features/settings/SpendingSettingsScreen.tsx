import { creditsToDollars, SPEND_CONFIRM_MAX, SPEND_CONFIRM_RANGE_MESSAGE } from '@parlor/contract';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card, CardActions } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { selectUser } from '../auth/authSlice';
import { updateUser } from '../auth/authThunks';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
import { Toggle } from './Toggle';

/** The amount typed: a whole number of credits in range, or the message to show under the field. */
export function parseSpendLimit(text: string): { amount: number } | { error: string } {
  const trimmed = text.trim();
  const amount = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(amount) && amount >= 1 && amount <= SPEND_CONFIRM_MAX
    ? { amount }
    : { error: SPEND_CONFIRM_RANGE_MESSAGE };
}

/** The default amount offered when the fan turns the ask on. */
export const SPEND_CONFIRM_DEFAULT = 100;

/**
 * /account/settings/spending: "Ask me before spending more than N credits". Off by default; on, every
 * spend above N (an unlock, a tip, a per-message rate) asks first with its amount.
 */
export function SpendingSettingsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const saved = user?.settings.spending?.confirm_above ?? null;
  const [on, setOn] = useState(saved !== null);
  const [text, setText] = useState(String(saved ?? SPEND_CONFIRM_DEFAULT));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const parsed = parseSpendLimit(text);
  const wanted = on ? ('amount' in parsed ? parsed.amount : undefined) : null;
  const changed = wanted !== undefined && wanted !== saved;

  async function save(confirmAbove: number | null) {
    setBusy(true);
    setError(null);
    const result = await dispatch(updateUser({ settings: { spending: { confirm_above: confirmAbove } } }));
    setBusy(false);
    if (updateUser.rejected.match(result)) setError(result.payload?.message ?? null);
    else
      showToast(
        confirmAbove === null
          ? 'Saved: spends no longer ask first.'
          : `Saved: you are asked before spending more than ${confirmAbove} credits.`,
      );
  }

  return (
    <SettingsPage title="Spending">
      <Card
        as="form"
        roomy
        aria-label="Spending settings"
        noValidate
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          setTouched(true);
          if (changed) void save(wanted);
        }}
      >
        <Toggle
          label="Ask me before spending"
          description="Unlocks, tips and paid chat messages above the amount below ask you first, stating what they cost. Below it they go through at once."
          checked={on}
          onChange={(checked) => {
            setOn(checked);
            // Turning it off needs nothing more to say: it is saved at once.
            if (!checked && saved !== null) void save(null);
          }}
        />
        {on && (
          <TextField
            label="Ask me before spending more than (credits)"
            name="confirm_above"
            type="number"
            inputMode="numeric"
            min={1}
            max={SPEND_CONFIRM_MAX}
            step={1}
            value={text}
            error={touched && 'error' in parsed ? parsed.error : undefined}
            hint={'amount' in parsed ? `$${creditsToDollars(parsed.amount)}` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {error && <Note tone="error">{error}</Note>}
        {on && (
          <CardActions>
            <Button type="submit" loading={busy} disabled={!changed && !('error' in parsed)}>
              Save
            </Button>
          </CardActions>
        )}
      </Card>
    </SettingsPage>
  );
}
