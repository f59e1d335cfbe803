import { LIST_MESSAGES, type ListRule } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { describeRule, emptyRuleForm, formOfRule, type RuleForm, ruleOfForm } from './listRules';

// A smart list's rule as the editor holds it and as the contract sends it: only the conditions
// turned on, checked with the contract's own schema and messages.

const form = (changes: Partial<RuleForm>): RuleForm => ({ ...emptyRuleForm(), ...changes });

describe('a smart list’s rule from the editor', () => {
  it('is "spent 50+ this month": 50 credits within 30 days, and spent ever without the days', () => {
    expect(ruleOfForm(form({ spent: { on: true, min: '50', window: 'days', days: '30' } }))).toEqual({
      ok: true,
      rule: { spent_min: 50, spent_days: 30 },
    });
    expect(ruleOfForm(form({ spent: { on: true, min: '50', window: 'ever', days: '30' } }))).toEqual({
      ok: true,
      rule: { spent_min: 50 },
    });
  });

  it('sends "not" as false and leaves out what does not matter', () => {
    expect(
      ruleOfForm(
        form({
          subscribed: 'no',
          follower: 'yes',
          neverBought: true,
          silent: { on: true, days: '30' },
          wrote: { on: false, days: '7' },
        }),
      ),
    ).toEqual({
      ok: true,
      rule: { subscribed: false, follower: true, never_bought: true, no_message_for_days: 30 },
    });
  });

  it('refuses no rule at all, empty or impossible numbers and a purchase without its item', () => {
    expect(ruleOfForm(emptyRuleForm())).toEqual({ ok: false, errors: { rule: LIST_MESSAGES.ruleRequired } });
    expect(ruleOfForm(form({ spent: { on: true, min: '', window: 'days', days: '30' } }))).toEqual({
      ok: false,
      errors: { spent_min: 'Enter how many credits.' },
    });
    expect(ruleOfForm(form({ spent: { on: true, min: '50', window: 'days', days: '0' } }))).toEqual({
      ok: false,
      errors: { spent_days: 'Spent within must be at least 1 day' },
    });
    expect(ruleOfForm(form({ subscriptionEnds: { on: true, days: '4000' } }))).toEqual({
      ok: false,
      errors: { subscription_ends_within_days: 'Subscription ending within must be at most 3650 days' },
    });
    expect(ruleOfForm(form({ bought: { on: true, media: null } }))).toEqual({
      ok: false,
      errors: { bought_media_id: 'Choose the vault item fans bought.' },
    });
  });

  it('opens a saved rule as it was and saves it unchanged', () => {
    const rule: ListRule = {
      spent_min: 200,
      subscribed: true,
      subscription_ends_within_days: 7,
      last_message_within_days: 14,
      bought_media_id: '42',
      follower: false,
    };
    const opened = formOfRule(rule);
    expect(opened.spent).toMatchObject({ on: true, min: '200', window: 'ever' });
    expect(opened.bought.media?.mediaId).toBe(rule.bought_media_id);
    expect(ruleOfForm(opened)).toEqual({ ok: true, rule });
  });

  it('reads back in a creator’s words', () => {
    expect(
      describeRule({
        spent_min: 50,
        spent_days: 30,
        subscribed: false,
        subscription_ends_within_days: 1,
        last_message_within_days: 7,
        no_message_for_days: 30,
        bought_media_id: 'x',
        never_bought: true,
        follower: true,
      }),
    ).toEqual([
      'Spent at least 50 credits in the last 30 days',
      'Not subscribed',
      'Subscription ends within 1 day',
      'Wrote within the last 7 days',
      'Has not written for 30 days',
      'Bought a chosen vault item',
      'Never bought anything',
      'Follows me',
    ]);
    expect(describeRule({ spent_min: 1_000 })).toEqual(['Spent at least 1,000 credits ever']);
    expect(describeRule(null)).toEqual([]);
  });
});
