import { LIST_RULE_MAX_DAYS } from '@parlor/contract';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { ImageIcon } from '../../ui/icons';
import { VaultPicker } from '../media/VaultPicker';
import styles from './ListsScreen.module.css';
import type { Either, RuleField, RuleForm } from './listRules';

type Errors = Partial<Record<RuleField, string>>;

interface RuleFieldsProps {
  form: RuleForm;
  onChange: (form: RuleForm) => void;
  errors: Errors;
  disabled?: boolean;
}

/** A number box inside a sentence: typing in it turns its condition on. */
function NumberBox({
  label,
  value,
  onType,
  max,
  error,
  errorId,
}: {
  label: string;
  value: string;
  onType: (text: string) => void;
  max: number;
  error: string | undefined;
  errorId: string;
}) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      className={styles.number}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      value={value}
      onChange={(e) => onType(e.target.value)}
    />
  );
}

/** One condition: its box, its sentence (with any inputs in it), and its message under it. */
function Condition({
  label,
  on,
  onToggle,
  children,
  error,
  errorId,
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  children?: ReactNode;
  error?: string | undefined;
  errorId: string;
}) {
  const id = useId();
  return (
    <div className={styles.condition} data-on={on || undefined}>
      <div className={styles.conditionRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.box}
          checked={on}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={id} className={styles.conditionLabel}>
          {label}
        </label>
        {children}
      </div>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A yes / no / either choice as one select: "either" leaves the condition out. */
function EitherSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Either;
  options: { yes: string; no: string };
  onChange: (value: Either) => void;
}) {
  const id = useId();
  return (
    <div className={styles.condition} data-on={value !== 'any' || undefined}>
      <div className={styles.conditionRow}>
        <label htmlFor={id} className={styles.conditionLabel}>
          {label}
        </label>
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(e) => onChange(e.target.value as Either)}
        >
          <option value="any">Doesn’t matter</option>
          <option value="yes">{options.yes}</option>
          <option value="no">{options.no}</option>
        </select>
      </div>
    </div>
  );
}

/**
 * The conditions of a smart list, in a creator's words. A fan is on the list while every
 * condition turned on holds; numbers typed turn their condition on.
 */
export function RuleFields({ form, onChange, errors, disabled }: RuleFieldsProps) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const set = (changes: Partial<RuleForm>) => onChange({ ...form, ...changes });
  const err = (field: RuleField) => `${id}-${field}`;
  const bought = form.bought.media;

  return (
    <fieldset className={styles.rules} disabled={disabled} aria-describedby={`${id}-how`}>
      <legend className={styles.rulesLegend}>Who is on it</legend>
      <p id={`${id}-how`} className={styles.muted}>
        A fan is on the list while every rule you turn on holds. The list keeps itself up to date.
      </p>

      <Condition
        label="Spent at least"
        on={form.spent.on}
        onToggle={(on) => set({ spent: { ...form.spent, on } })}
        error={errors.spent_min ?? errors.spent_days}
        errorId={err('spent_min')}
      >
        <span className={styles.inline}>
          <NumberBox
            label="Credits spent"
            value={form.spent.min}
            max={100_000_000}
            onType={(min) => set({ spent: { ...form.spent, min, on: true } })}
            error={errors.spent_min}
            errorId={err('spent_min')}
          />
          <span>credits</span>
        </span>
        <span className={styles.window} role="radiogroup" aria-label="When">
          <label className={styles.inline}>
            <input
              type="radio"
              name={`${id}-window`}
              checked={form.spent.window === 'days'}
              onChange={() => set({ spent: { ...form.spent, window: 'days', on: true } })}
            />
            in the last
          </label>
          <NumberBox
            label="Days of spending"
            value={form.spent.days}
            max={LIST_RULE_MAX_DAYS}
            onType={(days) => set({ spent: { ...form.spent, days, window: 'days', on: true } })}
            error={errors.spent_days}
            errorId={err('spent_min')}
          />
          <span>days</span>
          <label className={styles.inline}>
            <input
              type="radio"
              name={`${id}-window`}
              checked={form.spent.window === 'ever'}
              onChange={() => set({ spent: { ...form.spent, window: 'ever', on: true } })}
            />
            ever
          </label>
        </span>
      </Condition>

      <EitherSelect
        label="Subscription"
        value={form.subscribed}
        options={{ yes: 'Subscribed', no: 'Not subscribed' }}
        onChange={(subscribed) => set({ subscribed })}
      />

      <Condition
        label="Subscription ends within"
        on={form.subscriptionEnds.on}
        onToggle={(on) => set({ subscriptionEnds: { ...form.subscriptionEnds, on } })}
        error={errors.subscription_ends_within_days}
        errorId={err('subscription_ends_within_days')}
      >
        <span className={styles.inline}>
          <NumberBox
            label="Days until the subscription ends"
            value={form.subscriptionEnds.days}
            max={LIST_RULE_MAX_DAYS}
            onType={(days) => set({ subscriptionEnds: { days, on: true } })}
            error={errors.subscription_ends_within_days}
            errorId={err('subscription_ends_within_days')}
          />
          <span>days</span>
        </span>
      </Condition>

      <Condition
        label="Wrote within the last"
        on={form.wrote.on}
        onToggle={(on) => set({ wrote: { ...form.wrote, on } })}
        error={errors.last_message_within_days}
        errorId={err('last_message_within_days')}
      >
        <span className={styles.inline}>
          <NumberBox
            label="Days since they last wrote"
            value={form.wrote.days}
            max={LIST_RULE_MAX_DAYS}
            onType={(days) => set({ wrote: { days, on: true } })}
            error={errors.last_message_within_days}
            errorId={err('last_message_within_days')}
          />
          <span>days</span>
        </span>
      </Condition>

      <Condition
        label="Has not written for"
        on={form.silent.on}
        onToggle={(on) => set({ silent: { ...form.silent, on } })}
        error={errors.no_message_for_days}
        errorId={err('no_message_for_days')}
      >
        <span className={styles.inline}>
          <NumberBox
            label="Days without a message"
            value={form.silent.days}
            max={LIST_RULE_MAX_DAYS}
            onType={(days) => set({ silent: { days, on: true } })}
            error={errors.no_message_for_days}
            errorId={err('no_message_for_days')}
          />
          <span>days</span>
        </span>
      </Condition>

      <Condition
        label="Bought"
        on={form.bought.on}
        onToggle={(on) => set({ bought: { ...form.bought, on } })}
        error={errors.bought_media_id}
        errorId={err('bought_media_id')}
      >
        <span className={styles.inline}>
          {bought && (
            <span className={styles.boughtThumb} aria-hidden="true">
              {bought.preview ? <img src={bought.preview} alt="" /> : <ImageIcon size={18} />}
            </span>
          )}
          <Button
            variant="secondary"
            size="small"
            onClick={() => setPicking(true)}
            aria-describedby={errors.bought_media_id ? err('bought_media_id') : undefined}
          >
            {bought ? 'Change vault item' : 'Pick a vault item'}
          </Button>
        </span>
      </Condition>

      <Condition
        label="Never bought anything"
        on={form.neverBought}
        onToggle={(neverBought) => set({ neverBought })}
        errorId={err('rule')}
      />

      <EitherSelect
        label="Following you"
        value={form.follower}
        options={{ yes: 'Follows me', no: 'Does not follow me' }}
        onChange={(follower) => set({ follower })}
      />

      {errors.rule && (
        <p className={styles.fieldError} role="alert">
          {errors.rule}
        </p>
      )}
      {picking && (
        <VaultPicker
          verb="Choose"
          onClose={() => setPicking(false)}
          onPick={(media) => {
            setPicking(false);
            // The rule names the vault item by its id in the vault.
            set({
              bought: {
                on: true,
                media: { mediaId: media._id, preview: media.th ?? media.st, kind: media.type },
              },
            });
          }}
        />
      )}
    </fieldset>
  );
}
