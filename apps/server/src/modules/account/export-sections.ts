// What a data export holds (docs/accounts.md): the profile and every list, each read a page at a
// time; export.ts writes them into the ZIP.
import type { Message } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { messagesFor } from '../messages/dto';
import { toUser } from '../users/dto';
import { exportRepository } from './export-repository';

/** Rows read per query: big enough to be quick, small enough that memory stays flat. */
const PAGE = 500;
const CHAT_PAGE = 200;

export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell | object>;

/** One list of the export: a key in data.json and, when `csv` is set, a CSV file of its own. */
export interface Section {
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

export function sections(ctx: AppContext, user: UserRow): Section[] {
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
export function profileOf(user: UserRow) {
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
