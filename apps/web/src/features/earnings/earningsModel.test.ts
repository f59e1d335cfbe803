import { type AccountStatsDay, PAYOUT_MESSAGES, type Payout } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import {
  axisScale,
  csvCell,
  defaultPayoutAmount,
  earningsCsv,
  fillSeries,
  payoutError,
  payoutsCsv,
  rangeDates,
  seriesSums,
  seriesToChart,
  toCsv,
  totalsView,
} from './earningsModel';

const day = (date: string, by: Partial<AccountStatsDay> = {}): AccountStatsDay => {
  const d = {
    messages: 0,
    posts: 0,
    tips: 0,
    subscriptions: 0,
    referrals: 0,
    new_fans: 0,
    new_subscribers: 0,
    ...by,
  };
  return { date, ...d, total: d.messages + d.posts + d.tips + d.subscriptions + d.referrals };
};

describe('totals as the page shows them', () => {
  it('gives dollars beside credits per type, each type share, and the balances as sent', () => {
    const view = totalsView({
      earned: 1234,
      by_type: { messages: 600, posts: 0, tips: 400, subscriptions: 200, referrals: 34 },
      available_usd: '98.40',
      pending_usd: '20.00',
      paid_out_usd: '5.00',
    });
    expect(view.earnedDollars).toBe('123.40');
    expect(view.rows.map((r) => [r.type, r.dollars])).toEqual([
      ['messages', '60.00'],
      ['subscriptions', '20.00'],
      ['tips', '40.00'],
      ['posts', '0.00'],
      ['referrals', '3.40'],
    ]);
    expect(view.rows.find((r) => r.type === 'messages')?.share).toBe(48.6);
    expect(view.rows.find((r) => r.type === 'posts')?.share).toBe(0);
    expect([view.available, view.pending, view.paidOut]).toEqual(['98.40', '20.00', '5.00']);
  });

  it('nothing earned: every share is zero, not NaN', () => {
    const view = totalsView({
      earned: 0,
      by_type: { messages: 0, posts: 0, tips: 0, subscriptions: 0, referrals: 0 },
      available_usd: '0.00',
      pending_usd: '0.00',
      paid_out_usd: '0.00',
    });
    expect(view.rows.every((r) => r.share === 0)).toBe(true);
  });
});

describe('the day series for the chart', () => {
  it('asks for the last 30 days, today included (UTC)', () => {
    expect(rangeDates(30, Date.parse('2026-11-23T23:30:00Z'))).toEqual({
      from: '2026-10-25',
      to: '2026-11-23',
    });
    expect(rangeDates(90, Date.parse('2026-03-01T00:10:00Z'))).toEqual({
      from: '2025-12-02',
      to: '2026-03-01',
    });
  });

  it('fills the days the server left out with zero, in order', () => {
    const filled = fillSeries(
      [day('2026-11-03', { tips: 50 }), day('2026-11-01', { messages: 8 })],
      '2026-11-01',
      '2026-11-04',
    );
    expect(filled.map((d) => [d.date, d.total])).toEqual([
      ['2026-11-01', 8],
      ['2026-11-02', 0],
      ['2026-11-03', 50],
      ['2026-11-04', 0],
    ]);
  });

  it('stacks dollars by type bottom-up; the top of the stack is the day total', () => {
    const chart = seriesToChart([
      day('2026-11-01', { messages: 16, tips: 40 }),
      day('2026-11-02', { subscriptions: 80, referrals: 3 }),
    ]);
    expect(chart.x).toEqual([
      Date.parse('2026-11-01T00:00:00Z') / 1000,
      Date.parse('2026-11-02T00:00:00Z') / 1000,
    ]);
    // Order: messages, subscriptions, tips, posts, referrals.
    expect(chart.values).toEqual([
      [1.6, 0],
      [0, 8],
      [4, 0],
      [0, 0],
      [0, 0.3],
    ]);
    expect(chart.stacks.at(-1)).toEqual(chart.totals);
    expect(chart.stacks[2]).toEqual([5.6, 8]);
    expect(chart.totals).toEqual([5.6, 8.3]);
  });

  it('sums a range by type', () => {
    const sums = seriesSums([day('a', { tips: 5, new_fans: 1 }), day('b', { tips: 7, posts: 2 })]);
    expect(sums).toMatchObject({ tips: 12, posts: 2, total: 14, new_fans: 1 });
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-5)).toBe('-5');
  });

  it('rows end with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b,c', 2],
      ]),
    ).toBe('a,1\r\n"b,c",2\r\n');
  });

  it('earnings export: one row a day, dollars with two decimals', () => {
    const csv = earningsCsv([day('2026-11-01', { tips: 45, new_fans: 2 })]);
    expect(csv.split('\r\n')).toEqual([
      'date,messages_usd,subscriptions_usd,tips_usd,posts_usd,referrals_usd,total_usd,new_fans,new_subscribers',
      '2026-11-01,0.00,0.00,4.50,0.00,0.00,4.50,2,0',
      '',
    ]);
  });

  it('payouts export names the method and leaves a pending payout completed date empty', () => {
    const payout: Payout = {
      _id: 'p1',
      amount_usd: '25.00',
      method: 'bank_transfer',
      status: 'pending',
      created_at: '2026-11-23T10:00:00.000Z',
      completed_at: null,
    };
    expect(payoutsCsv([payout]).split('\r\n')[1]).toBe(
      '2026-11-23T10:00:00.000Z,25.00,Bank transfer,pending,',
    );
  });
});

describe('payout refusals', () => {
  it('sorts each status into what the form offers', () => {
    expect(payoutError({ status: 400, code: 'payout_minimum', message: PAYOUT_MESSAGES.minimum })).toEqual({
      kind: 'amount',
      message: PAYOUT_MESSAGES.minimum,
    });
    expect(
      payoutError({ status: 400, code: 'x', message: `${PAYOUT_MESSAGES.overAvailable} $12.30.` }).kind,
    ).toBe('amount');
    expect(payoutError({ status: 400, code: 'x', message: PAYOUT_MESSAGES.noMethod }).kind).toBe('method');
    expect(payoutError({ status: 409, code: 'x', message: PAYOUT_MESSAGES.pending }).kind).toBe('pending');
    expect(payoutError({ status: 422, code: 'x', message: PAYOUT_MESSAGES.aml }).kind).toBe('aml');
    expect(payoutError({ status: 422, code: 'x', message: PAYOUT_MESSAGES.amlPending }).kind).toBe(
      'amlPending',
    );
    expect(payoutError({ status: 0, code: 'client_error', message: 'Network' }).kind).toBe('other');
  });

  it('the default amount is everything available, in whole dimes', () => {
    expect(defaultPayoutAmount('98.47')).toBe('98.40');
    expect(defaultPayoutAmount('20.00')).toBe('20.00');
    expect(defaultPayoutAmount('0.00')).toBe('');
  });
});

describe('axisScale', () => {
  it('ends at the first round tick at or above the tallest bar', () => {
    expect(axisScale(4.4)).toEqual({ top: 5, step: 1, ticks: [0, 1, 2, 3, 4, 5] });
    expect(axisScale(8)).toEqual({ top: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(axisScale(123)).toMatchObject({ top: 150, step: 50 });
    expect(axisScale(0.37)).toMatchObject({ top: 0.4, step: 0.1 });
    expect(axisScale(0)).toMatchObject({ top: 1 });
    for (const max of [0.01, 0.99, 1, 3.3, 17, 99.9, 1001, 45_678]) {
      const { top, ticks } = axisScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
