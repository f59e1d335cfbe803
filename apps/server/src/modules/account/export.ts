import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ACCOUNT_BASICS_MESSAGES, DATA_EXPORT_COOLDOWN_MS, type Message } from '@parlor/contract';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { messagesFor } from '../messages/dto';
import { toUser } from '../users/dto';
import { exportRepository } from './export-repository';

/** Rows read per query: big enough to be quick, small enough that memory stays flat. */
const PAGE = 500;
const CHAT_PAGE = 200;

type Cell = string | number | boolean | null | undefined;
type Row = Record<string, Cell | object>;

/** One list of the export: a key in data.json and, when `csv` is set, a CSV file of its own. */
interface Section {
  key: string;
  csv?: { file: string; columns: string[] };
  rows: () => AsyncGenerator<Row>;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Walks a keyset-paged query to its end, one page in memory at a time. */
async function* paged<T, K>(
  first: K,
  fetch: (after: K) => Promise<T[]>,
  keyOf: (row: T) => K,
  limit: number,
): AsyncGenerator<T> {
  let after = first;
  for (;;) {
    const rows = await fetch(after);
    for (const row of rows) yield row;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1] as T);
  }
}

/** A message as its owner may keep it: media URLs only where the app would show the media itself. */
function exportedMessage(m: Message, userId: string, other: string): Row {
  const media = m.media;
  const unlocked = media !== null && (media.st !== null || media.sr !== null || media.video_url !== null);
  return {
    id: m._id,
    chat_id: m.chat_id,
    with: other,
    direction: m.sender_id === userId ? 'sent' : 'received',
    type: m.type,
    text: m.text,
    price_credits: m.price,
    paid: m.is_paid,
    created_at: m.created_at,
    read_at: m.read_at,
    deleted: m.is_deleted,
    gif_url: m.gif_url,
    // A paid photo or video not bought keeps its place but no URL (not even the blurred preview).
    media:
      media === null
        ? null
        : {
            locked: !unlocked,
            photo_url: unlocked ? (media.sr ?? media.st ?? media.th) : null,
            video_url: unlocked ? media.video_url : null,
            width: media.width,
            height: media.height,
            video_length: media.video_length,
          },
  };
}

function sections(ctx: AppContext, user: UserRow): Section[] {
  const db = ctx.db;
  const id = user.id;
  const list: Section[] = [
    {
      key: 'messages',
      csv: {
        file: 'messages.csv',
        columns: [
          'id',
          'chat_id',
          'with',
          'direction',
          'type',
          'text',
          'price_credits',
          'paid',
          'created_at',
          'read_at',
          'deleted',
          'media_locked',
          'photo_url',
          'video_url',
        ],
      },
      async *rows() {
        const chats = paged(
          null as string | null,
          (after) => exportRepository.chatsPage(db, id, after, CHAT_PAGE),
          (c) => c.chat_id,
          CHAT_PAGE,
        );
        for await (const chat of chats) {
          let after = 0;
          for (;;) {
            const rows = await exportRepository.messagesPage(db, chat.chat_id, after, PAGE);
            // Media is signed and locked for this viewer exactly as the conversation shows it.
            for (const m of await messagesFor(ctx, rows, id))
              yield exportedMessage(m, id, chat.other_username);
            const last = rows[rows.length - 1];
            if (!last || rows.length < PAGE) break;
            after = last.id;
          }
        }
      },
    },
    {
      key: 'purchases',
      csv: { file: 'purchases.csv', columns: ['kind', 'item_id', 'seller', 'price_credits', 'created_at'] },
      async *rows() {
        const messages = paged(
          0,
          (after) => exportRepository.messagePurchasesPage(db, id, after, PAGE),
          (p) => p.message_id,
          PAGE,
        );
        for await (const p of messages) {
          yield {
            kind: 'message',
            item_id: String(p.message_id),
            chat_id: p.chat_id,
            seller: p.seller,
            price_credits: p.price,
            created_at: iso(p.created_at),
          };
        }
        const posts = paged(
          0,
          (after) => exportRepository.postPurchasesPage(db, id, after, PAGE),
          (p) => p.post_id,
          PAGE,
        );
        for await (const p of posts) {
          yield {
            kind: 'post',
            item_id: String(p.post_id),
            seller: p.seller,
            price_credits: p.price,
            created_at: iso(p.created_at),
          };
        }
      },
    },
    {
      key: 'ledger',
      csv: {
        file: 'ledger.csv',
        columns: ['id', 'account', 'change', 'balance_after', 'reason', 'counterparty', 'created_at'],
      },
      async *rows() {
        const entries = paged(
          0,
          (after) => exportRepository.ledgerPage(db, id, after, PAGE),
          (e) => e.id,
          PAGE,
        );
        for await (const e of entries) {
          yield {
            id: e.id,
            account: e.account,
            change: e.delta,
            balance_after: e.balance_after,
            reason: e.reason,
            counterparty: e.counterparty,
            created_at: iso(e.created_at),
          };
        }
      },
    },
    {
      key: 'tips',
      csv: { file: 'tips.csv', columns: ['direction', 'with', 'credits', 'created_at'] },
      async *rows() {
        const entries = paged(
          0,
          (after) => exportRepository.ledgerPage(db, id, after, PAGE, 'tip'),
          (e) => e.id,
          PAGE,
        );
        for await (const e of entries) {
          yield {
            direction: e.delta < 0 ? 'sent' : 'received',
            with: e.counterparty,
            credits: Math.abs(e.delta),
            created_at: iso(e.created_at),
          };
        }
      },
    },
    {
      key: 'subscriptions',
      csv: {
        file: 'subscriptions.csv',
        columns: [
          'role',
          'with',
          'status',
          'price_credits',
          'started_at',
          'current_period_end',
          'canceled_at',
        ],
      },
      async *rows() {
        const subs = paged(
          null as string | null,
          (after) => exportRepository.subscriptionsPage(db, id, after, PAGE),
          (s) => s.id,
          PAGE,
        );
        for await (const s of subs) {
          const asFan = s.fan_id === id;
          yield {
            role: asFan ? 'subscriber' : 'creator',
            with: asFan ? s.creator : s.fan,
            status: s.status,
            price_credits: s.price,
            started_at: iso(s.started_at),
            current_period_end: iso(s.current_period_end),
            canceled_at: iso(s.canceled_at),
          };
        }
      },
    },
    {
      key: 'payments',
      csv: {
        file: 'payments.csv',
        columns: ['id', 'kind', 'status', 'purpose', 'credits', 'amount', 'currency', 'card', 'created_at'],
      },
      async *rows() {
        const payments = paged(
          null as string | null,
          (after) => exportRepository.paymentsPage(db, id, after, PAGE),
          (p) => p.id,
          PAGE,
        );
        for await (const p of payments) {
          yield {
            id: p.id,
            kind: p.kind,
            status: p.status,
            purpose: p.purpose,
            credits: p.credits,
            amount: (p.amount_cents / 100).toFixed(2),
            currency: p.currency,
            card: p.card_last4 ? `${p.card_brand ?? ''} •••• ${p.card_last4}`.trim() : null,
            created_at: iso(p.created_at),
            completed_at: iso(p.completed_at),
            reversed_credits: p.reversed_credits,
          };
        }
      },
    },
    {
      key: 'follows',
      async *rows() {
        const follows = paged(
          null as string | null,
          (after) => exportRepository.followsPage(db, id, after, PAGE),
          (f) => f.followee_id,
          PAGE,
        );
        for await (const f of follows) yield { username: f.username, since: iso(f.created_at) };
      },
    },
  ];
  if (user.type === 'featured') {
    list.push({
      key: 'payouts',
      csv: {
        file: 'payouts.csv',
        columns: ['id', 'amount_credits', 'method', 'status', 'reason', 'created_at', 'completed_at'],
      },
      async *rows() {
        const payouts = paged(
          0,
          (after) => exportRepository.payoutsPage(db, id, after, PAGE),
          (p) => p.id,
          PAGE,
        );
        for await (const p of payouts) {
          yield {
            id: p.id,
            amount_credits: p.amount,
            method: p.method,
            status: p.status,
            reason: p.reason,
            created_at: iso(p.created_at),
            completed_at: iso(p.completed_at),
          };
        }
      },
    });
  }
  return list;
}

/** The profile part: the account as the app shows it to its owner, plus what only the export tells. */
function profileOf(user: UserRow) {
  return {
    ...toUser(user),
    terms_accepted_at: iso(user.terms_accepted_at),
    greeting: user.greeting,
    blocked_countries: user.blocked_countries,
    ...(user.type === 'featured'
      ? {
          payout_details: {
            method: user.payout_method,
            account: user.payout_account,
            holder: user.payout_holder,
            country: user.payout_country,
          },
        }
      : {}),
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A flat CSV value of a row's column (a message's media fields are spread out). */
function cellOf(row: Row, column: string): Cell {
  const media = row.media as { locked: boolean; photo_url: string | null; video_url: string | null } | null;
  if (column === 'media_locked') return media ? media.locked : null;
  if (column === 'photo_url') return media?.photo_url ?? null;
  if (column === 'video_url') return media?.video_url ?? null;
  const value = row[column];
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as Cell);
}

const README = `Your Parlor data
================

data.json      everything below in one file: your profile and settings, your messages (sent and
               received), purchases, credit and earnings history, tips, subscriptions, payments,
               the accounts you follow and, for creators, payouts.
*.csv          the same lists, one file each, for a spreadsheet.

Photo and video links work for a few hours after the export, and only for media you may see in
the app: a paid photo or video you did not buy is listed without a link.
`;

/** The download was cancelled: the walk stops, nothing is wrong. */
class ReaderGone extends Error {}

/**
 * Writes the ZIP into `out`, one entry after another, waiting whenever the client reads slower
 * than the database answers. Stops early when the client goes away.
 */
async function writeZip(ctx: AppContext, user: UserRow, out: PassThrough) {
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = ctx.clock.now();
  let file: ZipDeflate | null = null;
  const open = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    file = entry;
  };
  let buffered = '';
  const flush = async (final = false) => {
    (file as ZipDeflate | null)?.push(strToU8(buffered), final);
    buffered = '';
    if (out.writableNeedDrain) {
      // Drained, or closed by a cancelled download; the other listener is removed either way.
      const done = new AbortController();
      await Promise.race([
        once(out, 'drain', { signal: done.signal }),
        once(out, 'close', { signal: done.signal }),
      ]).finally(() => done.abort());
    }
    if (out.destroyed) throw new ReaderGone();
  };
  const write = async (text: string) => {
    buffered += text;
    if (buffered.length >= 64 * 1024) await flush();
  };

  const list = sections(ctx, user);
  open('data.json');
  await write(
    `{\n"format": "parlor-data-export/1",\n"exported_at": ${JSON.stringify(mtime.toISOString())},\n"profile": ${JSON.stringify(profileOf(user), null, 2)}`,
  );
  for (const section of list) {
    await write(`,\n${JSON.stringify(section.key)}: [`);
    let first = true;
    for await (const row of section.rows()) {
      await write(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
      first = false;
    }
    await write(first ? ']' : '\n]');
  }
  await write('\n}\n');
  await flush(true);

  for (const section of list) {
    if (!section.csv) continue;
    const { file: name, columns } = section.csv;
    open(name);
    await write(`${columns.join(',')}\r\n`);
    for await (const row of section.rows()) {
      await write(`${columns.map((c) => csvCell(cellOf(row, c))).join(',')}\r\n`);
    }
    await flush(true);
  }
  open('README.txt');
  await write(README);
  await flush(true);
  zip.end();
}

/** An export asked for within the cooldown; `retryAfterS` goes in Retry-After. */
export class ExportThrottled extends DomainError {
  constructor(
    minutes: number,
    readonly retryAfterS: number,
  ) {
    super(429, 'export_cooldown', ACCOUNT_BASICS_MESSAGES.exportCooldown(minutes));
  }
}

/**
 * GET /v1/users/export: the caller's own data as a ZIP, built while it is sent. Only the caller's
 * account is read (no id is taken), and one export per DATA_EXPORT_COOLDOWN_MS.
 */
export async function startDataExport(
  ctx: AppContext,
  caller: UserRow,
): Promise<{ body: Readable; fileName: string }> {
  const now = ctx.clock.now();
  const last = await exportRepository.claimExport(ctx.db, caller.id, now, DATA_EXPORT_COOLDOWN_MS);
  if (last) {
    const leftMs = last.getTime() + DATA_EXPORT_COOLDOWN_MS - now.getTime();
    const minutes = Math.max(1, Math.ceil(leftMs / 60_000));
    throw new ExportThrottled(minutes, Math.max(1, Math.ceil(leftMs / 1000)));
  }
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  writeZip(ctx, caller, out).catch((err: unknown) => {
    if (!(err instanceof ReaderGone) && !out.destroyed) {
      console.error('data export failed', err);
      out.destroy(err as Error);
    }
  });
  const day = now.toISOString().slice(0, 10);
  return { body: out, fileName: `parlor-data-${caller.username}-${day}.zip` };
}
