import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { MediaUploadResponse } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { ArchiveWriter, DamagedArchiveError, type Manifest, readArchive } from '../src/backup/archive';
import { backupToFile, writeBackup } from '../src/backup/backup';
import { RestoreRefusedError, restoreFromFile } from '../src/backup/restore';
import { BACKUP_SOCKET } from '../src/backup/socket';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { migrationFiles } from '../src/db/migrate';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances } from './support/balances';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { photoWithGps, upload } from './support/media';
import { S3_BUCKET, S3_CREDENTIALS, startS3 } from './support/s3';
import { startServer, type TestServer } from './support/server';
import type { World } from './support/world';

// `npm run backup` and `npm run restore` on the backend the run uses (embedded PGlite, or
// PostgreSQL with PARLOR_TEST_PG): an archive taken while the server serves, restored into a new
// instance (media on S3 there), gives back the accounts, chats, messages, media and money of the
// snapshot; a restore refuses a target that is not empty and an archive that is damaged.

const it = apiTest();
const onPostgres = Boolean(postgresAdminUrl());
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-backup-test-'));
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** An empty instance to restore into: a new DATA_DIR, and a new database on PostgreSQL. */
async function emptyTarget(extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  const admin = postgresAdminUrl();
  const pg = admin ? await createTestDatabase(admin) : undefined;
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...extra,
  };
  return {
    env,
    config: loadConfig(env),
    dataDir,
    async drop() {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fan and a creator in a chat with messages, a photo sent, a follow and tips paid. */
async function population(server: TestServer, w: World) {
  const fan = await w.fan();
  const creator = await w.creator();
  await w.giveCredits(fan.user._id, 1000);
  await w.openChat(fan.token, creator.user._id);
  await w.api.call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } });
  for (let i = 0; i < 5; i++)
    expect((await w.send(fan.token, creator.user._id, `hello ${i}`)).status).toBe(200);
  const up = await upload(server.url, creator.token, await photoWithGps(320, 240));
  const { media } = MediaUploadResponse.parse(up.body);
  const sent = await w.api.call('POST', '/v1/messages', {
    token: creator.token,
    body: { type: 'image', recipient_id: fan.user._id, public_id: media.public_id },
  });
  expect(sent.status).toBe(200);
  const photo = Buffer.from(await (await fetch(`${server.url}${media.th}`)).arrayBuffer());
  expect(photo.length).toBeGreaterThan(100);
  for (let i = 0; i < 3; i++) await tip(w, fan.token, creator.user._id);
  return { fan, creator, media, photo };
}

async function tip(w: World, token: string, recipientId: string) {
  const res = await w.api.call('POST', '/v1/tips', {
    token,
    body: { recipient_id: recipientId, amount: 10 },
  });
  expect(res.status).toBe(200);
}

const messageRows = (server: TestServer) =>
  server.app.ctx.db.selectFrom('messages').select(['id', 'chat_id', 'text']).orderBy('id').execute();

describe('backup and restore', () => {
  it('restores what the snapshot held, taken while the server kept serving', { timeout: 120_000 }, async ({
    server,
    w,
  }) => {
    const { fan, creator, media, photo } = await population(server, w);
    const before = await balances(server.app.ctx.db, fan.user._id);
    const file = path.join(scratch, 'round-trip.tar');
    const written: string[] = [];

    if (onPostgres) {
      // Writes committed while the snapshot is being read (between two of its tables) are not in it.
      const database = await openDatabase({
        databaseUrl: server.config.databaseUrl,
        dataDir: server.dataDir,
      });
      try {
        const out = fs.createWriteStream(file, { mode: 0o600 });
        await writeBackup(database, server.config, out, {
          afterTable: async (table) => {
            if (table !== 'access_tokens') return;
            await tip(w, fan.token, creator.user._id);
            const late = await w.send(fan.token, creator.user._id, 'written during the backup');
            expect(late.status).toBe(200);
            written.push('written during the backup');
          },
        });
      } finally {
        await database.close();
      }
    } else {
      // The embedded database: the running server makes the archive; requests meanwhile are answered.
      const writes = (async () => {
        for (let i = 0; i < 4; i++) {
          await tip(w, fan.token, creator.user._id);
          expect((await w.send(fan.token, creator.user._id, `during ${i}`)).status).toBe(200);
        }
      })();
      const made = await backupToFile(server.config, file);
      await writes;
      expect(made.via).toBe('server');
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const manifest = await readArchive(file, async (e) => void e.stream.resume());
    const source = await messageRows(server);

    const target = await emptyTarget(await s3Env());
    let restored: TestServer | undefined;
    try {
      await restoreFromFile(target.config, file);
      // A socket left by a server that crashed is replaced by the next one.
      if (!onPostgres) plantStaleSocket(target.dataDir);
      restored = await startServer(target.env);
      const db = restored.app.ctx.db;

      // Accounts and their sessions: the fan's token still signs them in.
      const me = await restored.app.inject({
        method: 'GET',
        url: '/v1/users/me',
        headers: { 'access-token': fan.token },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()._id).toBe(fan.user._id);
      const chats = await restored.app.inject({
        method: 'GET',
        url: '/v1/chats',
        headers: { 'access-token': fan.token },
      });
      expect(chats.statusCode).toBe(200);
      expect(JSON.stringify(chats.json())).toContain(creator.user._id);

      // Messages: exactly the snapshot's, each as it was; those written after it are not there.
      const got = await messageRows(restored);
      expect(got.length).toBe(manifest.tables.messages);
      const byId = new Map(source.map((m) => [m.id, m]));
      for (const m of got) expect(byId.get(m.id)).toEqual(m);
      expect(got.filter((m) => m.text?.startsWith('hello')).length).toBe(5);
      for (const text of written) expect(got.some((m) => m.text === text)).toBe(false);

      // Money: each balance equals its ledger, and on PostgreSQL the tip paid mid-backup is absent.
      expect(await findLedgerMismatches(db)).toEqual([]);
      const after = await balances(db, fan.user._id);
      const tips = await db
        .selectFrom('ledger_entries')
        .where('user_id', '=', fan.user._id)
        .where('reason', '=', 'tip')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after.credits).toBe(1000 - 10 * Number(tips.n));
      if (onPostgres) expect(after).toEqual(before);

      // Counters the rows carry are not counted again on load.
      const creatorRow = await db
        .selectFrom('users')
        .where('id', '=', creator.user._id)
        .select('followers')
        .executeTakeFirstOrThrow();
      expect(creatorRow.followers).toBe(1);
      const inbox = await db
        .selectFrom('inbox_counters')
        .where('user_id', '=', creator.user._id)
        .select((eb) => eb.fn.sum<number>('chats').as('chats'))
        .executeTakeFirstOrThrow();
      expect(Number(inbox.chats)).toBe(1);

      // Media: the same bytes, served from the restored instance's bucket.
      const served = await fetch(`${restored.url}${media.th}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

      // Ids continue past the restored ones.
      const next = await restored.app.inject({
        method: 'POST',
        url: '/v1/messages',
        headers: { 'access-token': fan.token },
        payload: { type: 'text', recipient_id: creator.user._id, text: 'after restore' },
      });
      expect(next.statusCode).toBe(200);
      const last = await messageRows(restored);
      expect(last.at(-1)!.text).toBe('after restore');
      expect(Number(last.at(-1)!.id)).toBeGreaterThan(Math.max(...got.map((m) => Number(m.id))));

      // The restored instance backs up again (media read from S3), with the same media bytes.
      const again = path.join(scratch, 'again.tar');
      const second = await backupToFile(restored.config, again);
      expect(second.via).toBe(onPostgres ? 'direct' : 'server');
      const mediaSums = (m: typeof manifest) =>
        m.entries
          .filter((e) => e.name.startsWith('media/'))
          .map((e) => `${e.name} ${e.sha256}`)
          .sort();
      expect(mediaSums(second.manifest)).toEqual(mediaSums(manifest));

      // A restore into it now is refused: it is not empty.
      await expect(restoreFromFile(target.config, file)).rejects.toThrow(RestoreRefusedError);
      await restored.close();
      restored = undefined;
      if (!onPostgres) {
        // Closed, the server took its socket away; with none answering, the command opens the
        // embedded database itself, past a socket a crashed server left.
        expect(fs.existsSync(path.join(target.dataDir, BACKUP_SOCKET))).toBe(false);
        plantStaleSocket(target.dataDir);
        const direct = await backupToFile(target.config, path.join(scratch, 'direct.tar'));
        expect(direct.via).toBe('direct');
        expect(direct.manifest.tables.messages).toBe((manifest.tables.messages ?? 0) + 1);
      }
    } finally {
      await restored?.close();
      await target.drop();
    }
  });

  it('refuses a damaged or cut archive, and a target that holds media, writing nothing', {
    timeout: 60_000,
  }, async ({ server, w }) => {
    await population(server, w);
    const file = path.join(scratch, 'whole.tar');
    await backupToFile(server.config, file);
    const bytes = fs.readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 3)]! ^= 0x01;
    const damaged = path.join(scratch, 'flipped.tar');
    fs.writeFileSync(damaged, flipped);
    const cut = path.join(scratch, 'cut.tar');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));

    const target = await emptyTarget();
    try {
      for (const bad of [damaged, cut])
        await expect(restoreFromFile(target.config, bad)).rejects.toThrow(DamagedArchiveError);
      expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);
      expect(fs.existsSync(path.join(target.dataDir, 'media'))).toBe(false);
      if (onPostgres) {
        const probe = await openDatabase({ databaseUrl: target.config.databaseUrl, dataDir: target.dataDir });
        const tables = await probe.session((s) =>
          s.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`),
        );
        await probe.close();
        expect(tables).toEqual([]);
      }

      // The command itself: one line saying why, a non-zero exit.
      const run = promisify(execFile)('npx', ['tsx', 'src/scripts/restore.ts', cut], {
        cwd: SERVER_DIR,
        env: { ...process.env, ...target.env },
      });
      const failed = await run.then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr.trim()).toMatch(
        /^The archive is damaged or incomplete \(.+\): nothing was restored/,
      );

      // Media already in the target: refused, and no database made.
      fs.mkdirSync(path.join(target.dataDir, 'media', 'avatars'), { recursive: true });
      fs.writeFileSync(path.join(target.dataDir, 'media', 'avatars', 'someone.jpg'), 'x');
      await expect(restoreFromFile(target.config, file)).rejects.toThrow(
        /media storage .* already holds files/,
      );
      expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it('refuses an archive of a newer schema', { timeout: 60_000 }, async ({ server }) => {
    const file = path.join(scratch, 'newer.tar');
    await backupToFile(server.config, file);
    const newer = path.join(scratch, 'newer-rewritten.tar');
    await rewriteArchive(file, newer, (m) => ({
      ...m,
      migrations: [...m.migrations, '9999_from_the_future.sql'],
    }));
    const target = await emptyTarget();
    try {
      await expect(restoreFromFile(target.config, newer)).rejects.toThrow(
        /newer version of Parlor .* 9999_from_the_future\.sql/,
      );
      expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it('restores an archive of a version before the account-security migration, then runs it and the later ones', {
    timeout: 90_000,
  }, async ({ server, w }) => {
    const { fan } = await population(server, w);
    const file = path.join(scratch, 'current.tar');
    await backupToFile(server.config, file);
    // The archive a version before 0046 wrote: without that migration and the later ones, the
    // tables 0046 made and the columns it added to users.
    const files = migrationFiles();
    const later = files.slice(files.indexOf('0046_account_security.sql'));
    expect(later[0]).toBe('0046_account_security.sql');
    const added = [
      'totp_secrets',
      'recovery_codes',
      'sign_in_challenges',
      'passkeys',
      'webauthn_challenges',
      'known_devices',
    ];
    const older = path.join(scratch, 'older.tar');
    await rewriteArchive(
      file,
      older,
      (m) => ({
        ...m,
        migrations: m.migrations.filter((name) => !later.includes(name)),
        tables: Object.fromEntries(Object.entries(m.tables).filter(([t]) => !added.includes(t))),
      }),
      (name, body) => {
        const table = /^db\/([a-z_]+)\./.exec(name)?.[1];
        if (table && added.includes(table)) return null;
        if (table !== 'users') return body;
        const rows = zlib.gunzipSync(body).toString('utf8').trim().split('\n');
        const stripped = rows.map((row) => {
          const { totp_enabled_at: _t, passkey_count: _p, ...rest } = JSON.parse(row);
          return JSON.stringify(rest);
        });
        return zlib.gzipSync(`${stripped.join('\n')}\n`);
      },
    );
    const target = await emptyTarget();
    try {
      const result = await restoreFromFile(target.config, older);
      expect(result.migrated).toEqual(later);
      const database = await openDatabase({
        databaseUrl: target.config.databaseUrl,
        dataDir: target.dataDir,
      });
      try {
        const row = await database.db
          .selectFrom('users')
          .where('id', '=', fan.user._id)
          .select(['username', 'passkey_count'])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ username: fan.user.username, passkey_count: 0 });
        expect(await findLedgerMismatches(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });
});

let s3Close: (() => Promise<void>) | undefined;
/** S3_* of a new s3rver bucket (closed after the file). */
async function s3Env() {
  const s3 = await startS3();
  const previous = s3Close;
  s3Close = async () => {
    await previous?.();
    await s3.close();
  };
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_REGION: S3_CREDENTIALS.region,
  };
}
it.afterAll(async () => {
  await s3Close?.();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A socket file nobody answers on, as a server killed without closing leaves. */
function plantStaleSocket(dataDir: string) {
  spawnSync(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(path.join(dataDir, BACKUP_SOCKET))}, () => process.kill(process.pid, 'SIGKILL'))`,
  ]);
  expect(fs.existsSync(path.join(dataDir, BACKUP_SOCKET))).toBe(true);
}

/**
 * A copy of an archive with its manifest changed and entries rewritten or left out (`entry` answers
 * the new bytes, or null to drop it); the checksums are those of the copy.
 */
async function rewriteArchive(
  from: string,
  to: string,
  change: (m: Manifest) => Manifest,
  entry: (name: string, body: Buffer) => Buffer | null = (_, body) => body,
) {
  const parts: { name: string; body: Buffer }[] = [];
  const manifest = await readArchive(from, async (e) => {
    const chunks: Buffer[] = [];
    for await (const c of e.stream) chunks.push(c as Buffer);
    const body = entry(e.name, Buffer.concat(chunks));
    if (body) parts.push({ name: e.name, body });
  });
  const writer = new ArchiveWriter();
  const out = fs.createWriteStream(to);
  const done = new Promise<void>((resolve) => out.on('finish', () => resolve()));
  writer.pack.pipe(out as never);
  for (const p of parts) await writer.addBuffer(p.name, p.body);
  const { entries: _, ...rest } = change(manifest);
  await writer.finish(rest);
  await done;
}
