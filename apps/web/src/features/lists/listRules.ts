import { LIST_MESSAGES, ListRule, plural } from '@parlor/contract';

/**
 * A smart list's rule as the editor holds it: each condition with a box to use it and the numbers
 * typed for it (text, as the inputs hold them), or a three-way choice where "either" leaves the
 * condition out. `ruleOfForm` turns it into the contract's rule, with the contract's messages.
 */
export type Either = 'any' | 'yes' | 'no';

export interface VaultChoice {
  /** The vault item's `_id`, as the rule's `bought_media_id` names it. */
  mediaId: string;
  /** A thumbnail when the item was picked here; an existing rule only knows the id. */
  preview: string | null;
  kind: 'image' | 'video' | null;
}

export interface RuleForm {
  spent: { on: boolean; min: string; window: 'days' | 'ever'; days: string };
  subscribed: Either;
  subscriptionEnds: { on: boolean; days: string };
  wrote: { on: boolean; days: string };
  silent: { on: boolean; days: string };
  bought: { on: boolean; media: VaultChoice | null };
  neverBought: boolean;
  follower: Either;
}

export const emptyRuleForm = (): RuleForm => ({
  spent: { on: false, min: '', window: 'days', days: '30' },
  subscribed: 'any',
  subscriptionEnds: { on: false, days: '7' },
  wrote: { on: false, days: '7' },
  silent: { on: false, days: '30' },
  bought: { on: false, media: null },
  neverBought: false,
  follower: 'any',
});

const either = (flag: boolean | undefined): Either => (flag === undefined ? 'any' : flag ? 'yes' : 'no');
const flagOf = (choice: Either): boolean | undefined => (choice === 'any' ? undefined : choice === 'yes');
const text = (n: number | undefined, fallback: string) => (n === undefined ? fallback : String(n));

/** The editor's state for a saved rule. */
export function formOfRule(rule: ListRule | null): RuleForm {
  const form = emptyRuleForm();
  if (!rule) return form;
  return {
    spent: {
      on: rule.spent_min !== undefined,
      min: text(rule.spent_min, ''),
      window: rule.spent_min !== undefined && rule.spent_days === undefined ? 'ever' : 'days',
      days: text(rule.spent_days, form.spent.days),
    },
    subscribed: either(rule.subscribed),
    subscriptionEnds: {
      on: rule.subscription_ends_within_days !== undefined,
      days: text(rule.subscription_ends_within_days, form.subscriptionEnds.days),
    },
    wrote: {
      on: rule.last_message_within_days !== undefined,
      days: text(rule.last_message_within_days, form.wrote.days),
    },
    silent: {
      on: rule.no_message_for_days !== undefined,
      days: text(rule.no_message_for_days, form.silent.days),
    },
    bought: {
      on: rule.bought_media_id !== undefined,
      media: rule.bought_media_id ? { mediaId: rule.bought_media_id, preview: null, kind: null } : null,
    },
    neverBought: rule.never_bought === true,
    follower: either(rule.follower),
  };
}

/** Where a message belongs in the editor: the condition whose inputs it is about. */
export type RuleField =
  | 'spent_min'
  | 'spent_days'
  | 'subscription_ends_within_days'
  | 'last_message_within_days'
  | 'no_message_for_days'
  | 'bought_media_id'
  | 'rule';

export type RuleResult =
  | { ok: true; rule: ListRule }
  | { ok: false; errors: Partial<Record<RuleField, string>> };

const ENTER_CREDITS = 'Enter how many credits.';
const ENTER_DAYS = 'Enter a number of days.';
const PICK_ITEM = 'Choose the vault item fans bought.';

/** A typed number, or NaN for an empty box (the contract's check then says what is wrong). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * The contract's rule from the editor's state: only the conditions that are on, checked by the
 * contract's own schema (its messages, placed by the condition they are about). At least one
 * condition must be on.
 */
export function ruleOfForm(form: RuleForm): RuleResult {
  const errors: Partial<Record<RuleField, string>> = {};
  const draft: Record<string, unknown> = {};
  const dayField = (field: RuleField, typed: string) => {
    const n = numberOf(typed);
    if (Number.isNaN(n)) errors[field] = ENTER_DAYS;
    else draft[field] = n;
  };
  if (form.spent.on) {
    const min = numberOf(form.spent.min);
    if (Number.isNaN(min)) errors.spent_min = ENTER_CREDITS;
    else draft.spent_min = min;
    if (form.spent.window === 'days') dayField('spent_days', form.spent.days);
  }
  if (form.subscribed !== 'any') draft.subscribed = flagOf(form.subscribed);
  if (form.subscriptionEnds.on) dayField('subscription_ends_within_days', form.subscriptionEnds.days);
  if (form.wrote.on) dayField('last_message_within_days', form.wrote.days);
  if (form.silent.on) dayField('no_message_for_days', form.silent.days);
  if (form.bought.on) {
    if (form.bought.media) draft.bought_media_id = form.bought.media.mediaId;
    else errors.bought_media_id = PICK_ITEM;
  }
  if (form.neverBought) draft.never_bought = true;
  if (form.follower !== 'any') draft.follower = flagOf(form.follower);

  const parsed = ListRule.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] as RuleField | undefined) ?? 'rule';
      // The days of spending need an amount: a missing amount is already said once.
      if (field === 'spent_days' && errors.spent_min) continue;
      errors[field] ??= spentMessage(field, issue.message);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(draft).length === 0) return { ok: false, errors: { rule: LIST_MESSAGES.ruleRequired } };
  return { ok: true, rule: parsed.data as ListRule };
}

/** The spent amount's own checks have no label of their own in the contract: they get one here. */
function spentMessage(field: RuleField, message: string): string {
  if (field !== 'spent_min') return message;
  return 'Enter a whole number of credits from 1 to 100,000,000.';
}

const days = (n: number) => plural(n, 'day');

/**
 * What a rule says, one phrase per condition, in the editor's words ("Spent at least 50 credits
 * in the last 30 days"). `boughtName` names the vault item when the caller knows it.
 */
export function describeRule(rule: ListRule | null, boughtName = 'a chosen vault item'): string[] {
  if (!rule) return [];
  const parts: string[] = [];
  if (rule.spent_min !== undefined)
    parts.push(
      `Spent at least ${plural(rule.spent_min, 'credit')} ${
        rule.spent_days === undefined ? 'ever' : `in the last ${days(rule.spent_days)}`
      }`,
    );
  if (rule.subscribed !== undefined) parts.push(rule.subscribed ? 'Subscribed' : 'Not subscribed');
  if (rule.subscription_ends_within_days !== undefined)
    parts.push(`Subscription ends within ${days(rule.subscription_ends_within_days)}`);
  if (rule.last_message_within_days !== undefined)
    parts.push(`Wrote within the last ${days(rule.last_message_within_days)}`);
  if (rule.no_message_for_days !== undefined)
    parts.push(`Has not written for ${days(rule.no_message_for_days)}`);
  if (rule.bought_media_id !== undefined) parts.push(`Bought ${boughtName}`);
  if (rule.never_bought) parts.push('Never bought anything');
  if (rule.follower !== undefined) parts.push(rule.follower ? 'Follows me' : 'Does not follow me');
  return parts;
}

/** "1,204 fans": how many are on a list now. */
export const fansCount = (count: number) => plural(count, 'fan');

/** What an empty list's inbox tab says: how fans get on it. */
export function emptyListTabText(kind: 'custom' | 'smart'): { title: string; text: string } {
  return kind === 'custom'
    ? {
        title: 'No one on this list yet',
        text: 'Select chats in your inbox and choose Add to list, or add a fan from their conversation.',
      }
    : { title: 'No fans match this list right now', text: 'Fans join as soon as they match its rules.' };
}
