import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { LedgerAccount } from '../src/db/schema';
import { DomainError } from '../src/lib/errors';
import { findLedgerMismatches, idempotent, ledger } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balancesOf } from './support/balances';
import type { TestServer } from './support/server';

// Property: whatever sequence of credits, debits, transfers, replays and concurrent bursts happens,
// every balance equals the sum of its ledger rows, each row's balance_after is the running sum, no
// balance is negative, and sequential steps land exactly where a simple model says.
const FEE_PERCENT = 20;
const it = apiTest({ PLATFORM_FEE_PERCENT: String(FEE_PERCENT) });

const USERS = 3;
const KEYS = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'];
const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 120 });
const key = fc.constantFrom(...KEYS);

type Op =
  | { kind: 'credit'; user: number; amount: number; key: string }
  | { kind: 'debit'; user: number; amount: number; key: string }
  | { kind: 'transfer'; from: number; to: number; amount: number; key: string };
type Step = Op | { kind: 'burst'; ops: Op[] };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), user, amount, key }),
  fc.record({ kind: fc.constant('debit' as const), user, amount, key }),
  fc
    .record({ kind: fc.constant('transfer' as const), from: user, to: user, amount, key })
    .filter((t) => t.from !== t.to),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: op, weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      ops: fc.array(op, { minLength: 2, maxLength: 6 }),
    }),
    weight: 1,
  },
);

async function createUsers(server: TestServer): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const tag = randomBytes(6).toString('hex');
    const row = await server.app.ctx.db
      .insertInto('users')
      .values({
        username: `prop${tag}`,
        email: `prop${tag}@example.com`,
        password_hash: 'x',
        type: i === USERS - 1 ? 'featured' : 'user',
        referral_code: `prop${tag}`,
        features: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Runs one operation in its own transaction, as the services do; 402 is an expected refusal. */
async function run(server: TestServer, ids: string[], o: Op, run: string): Promise<'ok' | 'refused'> {
  const db = server.app.ctx.db;
  try {
    await idempotent(db, async (trx) => {
      if (o.kind === 'transfer') {
        await ledger.transfer(trx, {
          fromUserId: ids[o.from]!,
          toUserId: ids[o.to]!,
          amount: o.amount,
          reason: 'tip',
          idempotencyKey: `${run}:${o.key}`,
        });
      } else {
        const m = {
          userId: ids[o.user]!,
          account: 'credits' as const,
          amount: o.amount,
          reason: 'admin_adjustment' as const,
          idempotencyKey: `${run}:${o.key}`,
        };
        await (o.kind === 'credit' ? ledger.credit(trx, m) : ledger.debit(trx, m));
      }
    });
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError && e.status === 402) return 'refused';
    throw e;
  }
}

/** The platform's share of a transfer, rounded down (docs/payments.md "The platform's fee"). */
const creatorShare = (amount: number) => amount - Math.floor((amount * FEE_PERCENT) / 100);

/** The model: balances per user and account, and the keys already used per user and account. */
function apply(model: Map<string, number>, used: Set<string>, ids: string[], o: Op, run: string) {
  const get = (u: string, a: LedgerAccount) => model.get(`${u}/${a}`) ?? 0;
  const set = (u: string, a: LedgerAccount, v: number) => model.set(`${u}/${a}`, v);
  const k = `${run}:${o.key}`;
  const u = o.kind === 'transfer' ? ids[o.from]! : ids[o.user]!;
  if (used.has(`${u}/credits/${k}`)) return;
  if (o.kind !== 'credit' && get(u, 'credits') < o.amount) return;
  used.add(`${u}/credits/${k}`);
  set(u, 'credits', get(u, 'credits') + (o.kind === 'credit' ? o.amount : -o.amount));
  if (o.kind === 'transfer')
    set(ids[o.to]!, 'earnings', get(ids[o.to]!, 'earnings') + creatorShare(o.amount));
}

async function checkInvariants(server: TestServer, ids: string[]) {
  const db = server.app.ctx.db;
  expect(await findLedgerMismatches(db)).toEqual([]);
  const rows = await balancesOf(db, ids);
  for (const r of rows) {
    expect(r.credits).toBeGreaterThanOrEqual(0);
    expect(r.earnings).toBeGreaterThanOrEqual(0);
  }
  // Each row's balance_after is the running sum of its account's deltas, in order. Credits to
  // earnings are spread over shards and record none (NULL): their running sum is not serialised.
  const { rows: broken } = await sql<{ id: number }>`
    SELECT id FROM (
      SELECT id, balance_after, SUM(delta) OVER (PARTITION BY user_id, account ORDER BY id) AS running
      FROM ledger_entries WHERE user_id = ANY(${ids}::uuid[])
    ) t WHERE balance_after <> running`.execute(db);
  expect(broken).toEqual([]);
}

describe('ledger property', () => {
  it('keeps every balance equal to the sum of its ledger and never negative', async ({ server }) => {
    let runNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ids = await createUsers(server);
        const runId = `r${++runNo}-${randomBytes(3).toString('hex')}`;
        const model = new Map<string, number>();
        const used = new Set<string>();
        for (const s of steps) {
          if (s.kind === 'burst') {
            await Promise.all(s.ops.map((o) => run(server, ids, o, runId)));
            await checkInvariants(server, ids);
            // Concurrent order is not predictable: continue the model from what committed.
            const rows = await balancesOf(server.app.ctx.db, ids);
            for (const r of rows) {
              model.set(`${r.id}/credits`, r.credits);
              model.set(`${r.id}/earnings`, r.earnings);
            }
            const keys = await server.app.ctx.db
              .selectFrom('ledger_entries')
              .select(['user_id', 'account', 'idempotency_key'])
              .where('user_id', 'in', ids)
              .execute();
            for (const k of keys) used.add(`${k.user_id}/${k.account}/${k.idempotency_key}`);
          } else {
            const outcome = await run(server, ids, s, runId);
            const before = model.get(`${s.kind === 'transfer' ? ids[s.from] : ids[s.user]}/credits`) ?? 0;
            apply(model, used, ids, s, runId);
            if (outcome === 'refused') expect(before).toBeLessThan(s.amount);
          }
        }
        await checkInvariants(server, ids);
        const rows = await balancesOf(server.app.ctx.db, ids);
        for (const r of rows) {
          expect(r.credits).toBe(model.get(`${r.id}/credits`) ?? 0);
          expect(r.earnings).toBe(model.get(`${r.id}/earnings`) ?? 0);
        }
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 40) },
    );
  });
});
