import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ACCOUNT_BASICS_MESSAGES, DATA_EXPORT_COOLDOWN_MS } from '@parlor/contract';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { exportRepository } from './export-repository';
import { type Cell, profileOf, type Row, sections } from './export-sections';

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
