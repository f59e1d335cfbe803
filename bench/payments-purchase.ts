// Paid-message purchases per second on PostgreSQL, next to pgbench's simple-update TPS on the same
// machine in the same run (bench/README.md). A purchase is the money core of PATCH
// /v1/messages/{id}/buy: one transaction that reads the message's price, moves the credits from
// the fan to the creator's earnings through the ledger (two ledger rows, two balance updates, the
// chat's spent counter), keyed by the message so a retry charges once.
//
//   npx tsx bench/payments-purchase.ts            (BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SECONDS=15 BENCH_WORKERS=8 npx tsx bench/payments-purchase.ts
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { getOrCreateChat } from '../apps/server/src/modules/chats/repository';
import { findLedgerMismatches, idempotent, ledger } from '../apps/server/src/modules/ledger/service';
import { pgAdmin } from './lib/pg-admin';

const adminUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const FANS = 400;
const CREATORS = 20;
const MESSAGES_PER_PAIR = 60;
const PRICE = 10;
const stamp = `${Date.now()}_${process.pid}`;

const { run: admin, urlFor } = pgAdmin(adminUrl);
function pgbenchBin(): string {
  for (const bin of ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench']) {
    try {
      execFileSync(bin, ['--version'], { stdio: 'ignore' });
      return bin;
    } catch {
      // try the next
    }
  }
  throw new Error('pgbench not found');
}

async function purchases(): Promise<{ perSecond: number; total: number }> {
  const name = `parlor_bench_${stamp}`;
  await admin(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: os.tmpdir() });
  try {
    await migrate(database);
    const db = database.db;
    const mk = (i: number, type: 'user' | 'featured') => ({
      username: `${type}${i}`,
      email: `${type}${i}@bench.local`,
      password_hash: 'x',
      type,
      referral_code: `${type}${i}`,
      features: '{}',
    });
    const fans = await db
      .insertInto('users')
      .values(Array.from({ length: FANS }, (_, i) => mk(i, 'user')))
      .returning('id')
      .execute();
    const creators = await db
      .insertInto('users')
      .values(Array.from({ length: CREATORS }, (_, i) => mk(i, 'featured')))
      .returning('id')
      .execute();
    // Each fan: credits for every purchase (through the ledger) and paid messages from one creator.
    const jobs: { fan: string; creator: string; message: number }[] = [];
    for (const [i, fan] of fans.entries()) {
      const creator = creators[i % CREATORS]!.id;
      await db.transaction().execute(async (trx) => {
        await ledger.credit(trx, {
          userId: fan.id,
          account: 'credits',
          amount: PRICE * MESSAGES_PER_PAIR,
          reason: 'package',
          idempotencyKey: 'seed',
        });
        const chatId = await getOrCreateChat(trx, fan.id, creator);
        const rows = await trx
          .insertInto('messages')
          .values(
            Array.from({ length: MESSAGES_PER_PAIR }, () => ({
              chat_id: chatId,
              sender_id: creator,
              recipient_id: fan.id,
              type: 'image' as const,
              price: PRICE,
            })),
          )
          .returning('id')
          .execute();
        for (const r of rows) jobs.push({ fan: fan.id, creator, message: r.id });
      });
    }
    // Interleave so concurrent workers hit different fans (and share creators, as real traffic does).
    jobs.sort((a, b) => (a.message % 97) - (b.message % 97) || a.message - b.message);

    let next = 0;
    let done = 0;
    const deadline = Date.now() + seconds * 1000;
    const started = Date.now();
    async function worker() {
      while (Date.now() < deadline && next < jobs.length) {
        const job = jobs[next++]!;
        await idempotent(db, async (trx) => {
          const msg = await trx
            .selectFrom('messages')
            .select(['price', 'sender_id'])
            .where('id', '=', job.message)
            .executeTakeFirstOrThrow();
          await ledger.transfer(trx, {
            fromUserId: job.fan,
            toUserId: msg.sender_id,
            amount: msg.price,
            reason: 'paid_message',
            idempotencyKey: `paid_message:${job.message}`,
            reference: String(job.message),
          });
        });
        done++;
      }
    }
    await Promise.all(Array.from({ length: workers }, worker));
    const elapsed = (Date.now() - started) / 1000;
    const mismatches = await findLedgerMismatches(db);
    if (mismatches.length > 0) throw new Error(`ledger mismatch after the run: ${mismatches.length}`);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ledger_entries WHERE reason = 'paid_message' AND account = 'credits'`.execute(
      db,
    );
    if (rows[0]!.n !== done) throw new Error(`expected ${done} purchases in the ledger, found ${rows[0]!.n}`);
    return { perSecond: done / elapsed, total: done };
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function pgbench(): number {
  const name = `pgbench_${stamp}`;
  const bin = pgbenchBin();
  const url = new URL(adminUrl);
  const conn = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  execFileSync('psql', [
    ...conn,
    '-d',
    url.pathname.slice(1) || 'postgres',
    '-qc',
    `CREATE DATABASE ${name}`,
  ]);
  try {
    execFileSync(bin, [...conn, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    const out = execFileSync(bin, [
      ...conn,
      '-N',
      '-c',
      String(workers),
      '-j',
      '2',
      '-T',
      String(seconds),
      name,
    ]).toString();
    const tps = /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench answered no tps:\n${out}`);
    return Number(tps[1]);
  } finally {
    execFileSync('psql', [
      ...conn,
      '-d',
      url.pathname.slice(1) || 'postgres',
      '-qc',
      `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
    ]);
  }
}

const buy = await purchases();
const tps = pgbench();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
);
console.log(
  `paid-message purchases: ${buy.perSecond.toFixed(0)}/s (${buy.total} in ${seconds} s, ${workers} workers, ledger exact)`,
);
console.log(`pgbench simple-update (-N, ${workers} clients, scale 10): ${tps.toFixed(0)} TPS`);
console.log(`ratio purchases/s : pgbench TPS = ${(buy.perSecond / tps).toFixed(2)}`);
