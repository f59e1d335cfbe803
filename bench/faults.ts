/**
 * The fault run: two Parlor processes on one PostgreSQL database, a Redis and an SMTP server of the
 * run's own and media on a small disk, with fans and creators sending over HTTP and listening on
 * sockets, while each dependency fails in turn:
 *
 *   1. terminate backends: every PostgreSQL backend of the run's database is killed, 5 times, 2 s apart;
 *   2. restart Redis: the run's redis-server is killed and started again 8 s later;
 *   3. stop SMTP: the mail server goes away for 15 s while people ask for password resets;
 *   4. fill the disk: the media disk is filled while creators upload photos and a 40 MB video.
 *
 * Senders behave as the web client does: a send that fails is retried with the same send id
 * (clientSideReceiveId) until it is acknowledged. Sockets reconnect after a close and, like the web
 * client, reload the chat they show after reconnecting. At the end the database is read back:
 * every acknowledged send must be stored exactly once, every message must have reached its
 * recipient (live on a socket or through the reload after a reconnect), every mail asked for must
 * have arrived, and no partial upload may be left on the media disk.
 *
 *   npm run faults -w bench
 *
 * Needs root (the media disk is a tmpfs), redis-server on the PATH and PostgreSQL at PG_ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres). FANS (default 24), PHASE_SECONDS (default 20) and MAIL_WAIT_SECONDS (default 600).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { smallPhoto } from './lib/capacity-population';
import { intEnv, sleep } from './lib/env';
import { freePort, mailServer, startRedis, waitForPort } from './lib/fault-services';
import { startServer } from './lib/server';

const adminUrl = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const FANS = intEnv('FANS', 24);
const CREATORS = Math.max(2, Math.round(FANS / 6));
const PHASE_SECONDS = intEnv('PHASE_SECONDS', 20);
/** Each fan sends this often; creators answer every message they receive. */
const SEND_GAP_MS = 400;
const RETRY_GAP_MS = 500;
/** A send still unacknowledged after this long is given up (and counted). */
const GIVE_UP_MS = 60_000;
const MEDIA_DISK = '48m';
/** How long mails asked for during the SMTP outage may take to arrive once SMTP is back. */
const MAIL_WAIT_MS = intEnv('MAIL_WAIT_SECONDS', 600) * 1000;

/** The fields of a `new_message` frame the run reads. */
interface MessageFrame {
  recipient_id: string;
  sender_id: string;
  chat_id: string;
  text: string | null;
}

interface Person {
  id: string;
  token: string;
  email: string;
  creator: boolean;
  server: number;
  partner?: Person;
  /** Texts of messages sent to this person, with whether they reached them. */
  seen: Set<string>;
  ws?: WebSocket;
  reconnects: number;
  resyncs: number;
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('the fault run mounts a tmpfs: run it as root');
  const tag = `faults_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-faults-'));
  const mediaDir = path.join(dataDir, 'media');
  fs.mkdirSync(mediaDir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MEDIA_DISK}`, 'tmpfs', mediaDir]);
  // Whatever ends the run (an error, a signal), the disk, the database and Redis go with it.
  let redis: ChildProcess | undefined;
  process.on('exit', () => {
    redis?.kill('SIGKILL');
    for (const step of [
      ['umount', mediaDir],
      ['psql', adminUrl, '-qc', `DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`],
    ])
      try {
        execFileSync(step[0]!, step.slice(1), { stdio: 'ignore' });
      } catch {
        // already gone
      }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${tag}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${tag}`;
  const redisPort = await freePort();
  redis = startRedis(redisPort);
  await waitForPort(redisPort);
  const smtpPort = await freePort();
  const smtp = mailServer(smtpPort);
  await smtp.start();

  const env = {
    dataDir,
    databaseUrl: dbUrl.toString(),
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    redisPrefix: `${tag}:`,
    backend: 'postgres' as const,
    manifestPath: '',
    resultsPath: undefined,
  };
  const serverEnv = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
  const servers = [await startServer(env, serverEnv), await startServer(env, serverEnv)];
  const pids = servers.map((s) => s.pid);
  const db = new pg.Client({ connectionString: env.databaseUrl });
  // The run's own connection is among the backends it terminates.
  db.on('error', () => {});
  await db.connect();

  const call = async (server: number, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${servers[server]!.url}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        'web-type': 'react',
        ...(token ? { 'access-token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the run reads a few known fields of several answers.
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  // People sign up through the API (their verification mails count among the mails checked).
  const people: Person[] = [];
  for (let i = 0; i < FANS + CREATORS; i++) {
    const creator = i < CREATORS;
    const name = `${creator ? 'fc' : 'ff'}${i}${tag.slice(-4)}`;
    const res = await call(i % 2, 'POST', '/v1/users/sign', undefined, {
      email: `${name}@example.com`,
      password: 'secret123',
      username: name,
      type: creator ? 'featured' : 'user',
      confirm_adult: true,
      accept_terms: true,
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    people.push({
      id: res.body.user._id,
      token: res.body.access_token,
      email: `${name}@example.com`,
      creator,
      server: i % 2,
      seen: new Set(),
      reconnects: 0,
      resyncs: 0,
    });
  }
  const creators = people.filter((p) => p.creator);
  const fans = people.filter((p) => !p.creator);
  for (const [i, f] of fans.entries()) f.partner = creators[i % creators.length];
  await db.query('UPDATE users SET requires_moderation = false WHERE id = ANY($1)', [
    creators.map((c) => c.id),
  ]);
  await db.query('UPDATE users SET is_customer = true WHERE id = ANY($1)', [fans.map((f) => f.id)]);
  const mailsAsked = people.length;

  // Sockets, reconnecting as the client does; a reconnect reloads the chats the person is in.
  const chatOf = new Map<string, string>();
  let running = true;
  const open = (p: Person) => {
    const ws = new WebSocket(`${servers[p.server]!.wsUrl}?token=${encodeURIComponent(p.token)}`);
    p.ws = ws;
    let opened = false;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { event: string; data: MessageFrame };
      if (frame.event === 'init') {
        if (opened) return;
        opened = true;
        if (p.reconnects > 0) void resync(p);
      }
      if (frame.event === 'new_message' && frame.data.recipient_id === p.id && frame.data.text) {
        p.seen.add(frame.data.text);
        chatOf.set(`${p.id}|${frame.data.sender_id}`, frame.data.chat_id);
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (!running) return;
      p.reconnects++;
      setTimeout(() => open(p), 200 + Math.random() * 300);
    });
  };
  const resync = async (p: Person) => {
    p.resyncs++;
    const chats = [...chatOf.entries()].filter(([k]) => k.startsWith(`${p.id}|`)).map(([, c]) => c);
    for (const chatId of chats) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await call(p.server, 'GET', `/v1/chats/${chatId}/messages?limit=50`, p.token).catch(
          () => null,
        );
        if (res?.status === 200) {
          for (const m of res.body.data as { text: string | null; sender_id: string }[])
            if (m.sender_id !== p.id && m.text) p.seen.add(m.text);
          break;
        }
        await sleep(RETRY_GAP_MS);
      }
    }
  };
  for (const p of people) open(p);
  await sleep(2_000);

  // The send load: each fan writes to a creator, each creator answers; failures retried with the send id.
  const acked = new Map<string, { to: Person }>();
  const statuses = new Map<string, number>();
  let attempts = 0;
  let givenUp = 0;
  let seq = 0;
  const sendOne = async (from: Person, to: Person) => {
    const text = `m-${from.id.slice(0, 8)}-${++seq}`;
    const first = performance.now();
    for (;;) {
      attempts++;
      const res = await call(from.server, 'POST', '/v1/messages', from.token, {
        type: 'text',
        recipient_id: to.id,
        text,
        clientSideReceiveId: text,
      }).catch(() => ({ status: 0, body: null }));
      const key = res.status === 0 ? 'network error' : String(res.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (res.status === 200) {
        acked.set(text, { to });
        return;
      }
      if (performance.now() - first > GIVE_UP_MS) {
        givenUp++;
        return;
      }
      await sleep(RETRY_GAP_MS);
    }
  };
  let loadOn = true;
  const load = Promise.all(
    fans.map(async (fan) => {
      await sleep(Math.random() * SEND_GAP_MS);
      while (loadOn) {
        await sendOne(fan, fan.partner!);
        await sendOne(fan.partner!, fan);
        await sleep(SEND_GAP_MS);
      }
    }),
  );

  const phases: { name: string; detail: string }[] = [];
  const phase = async (name: string, fault: () => Promise<string>) => {
    const before = new Map(statuses);
    await sleep((PHASE_SECONDS * 1000) / 4);
    const detail = await fault();
    await sleep((PHASE_SECONDS * 1000) / 2);
    const during = [...statuses].map(([k, v]) => `${k}: ${v - (before.get(k) ?? 0)}`).join(', ');
    phases.push({ name, detail: `${detail}; answers to sends: ${during}` });
    console.log(`  ${name}: ${phases.at(-1)!.detail}`);
  };

  await phase('terminate backends', async () => {
    let killed = 0;
    for (let i = 0; i < 5; i++) {
      const r = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [tag],
      );
      killed += r.rowCount ?? 0;
      await sleep(2_000);
    }
    await db.end().catch(() => {});
    return `${killed} backends terminated`;
  });
  const db2 = new pg.Client({ connectionString: env.databaseUrl });
  await db2.connect();

  await phase('restart Redis', async () => {
    redis?.kill('SIGKILL');
    await sleep(8_000);
    redis = startRedis(redisPort);
    await waitForPort(redisPort);
    return 'redis-server killed, started again after 8 s';
  });

  const resetsAsked: string[] = [];
  let smtpBackAt = 0;
  await phase('stop SMTP', async () => {
    await smtp.stop();
    for (const f of fans.slice(0, 8)) {
      const res = await call(f.server, 'POST', '/v1/auth/password-reset', undefined, {
        login: f.email,
      }).catch(() => ({ status: 0 }));
      if (res.status === 202) resetsAsked.push(f.email);
      else console.log(`  password reset answered ${res.status}`);
    }
    await sleep(15_000);
    await smtp.start();
    smtpBackAt = Date.now();
    return `SMTP down 15 s, ${resetsAsked.length} password resets asked meanwhile`;
  });

  const uploads = new Map<string, number>();
  await phase('fill the disk', async () => {
    const filler = path.join(mediaDir, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=64'], { stdio: 'ignore' });
    } catch {
      // dd stops when the disk is full: that is the point
    }
    // An MP4 file type box, then 40 MB: the server takes it for a video and streams it to the disk.
    const big = Buffer.alloc(40 * 1024 * 1024, 7);
    Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex').copy(big);
    const uploadOne = async (p: Person, body: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.set('file_size', String(body.length));
      form.set('type', 'message');
      form.set('file', new Blob([body], { type }), name);
      const t = performance.now();
      const res = await fetch(`${servers[p.server]!.url}/v1/media`, {
        method: 'POST',
        headers: { 'access-token': p.token, 'web-type': 'react' },
        body: form,
      }).catch(() => null);
      const key = `${name} ${res?.status ?? 'network error'}`;
      uploads.set(key, (uploads.get(key) ?? 0) + 1);
      return { status: res?.status ?? 0, ms: performance.now() - t };
    };
    const jpeg = await smallPhoto(3);
    const full = [];
    for (const c of creators) full.push(await uploadOne(c, jpeg, 'image/jpeg', 'photo.jpg'));
    const video = await uploadOne(creators[0]!, big, 'video/mp4', 'video.mp4');
    fs.rmSync(filler);
    const after = await uploadOne(creators[0]!, jpeg, 'image/jpeg', 'photo.jpg');
    return `disk full: photos ${full.map((r) => r.status).join('/')}, 40 MB video ${video.status} in ${Math.round(video.ms)} ms; disk freed: photo ${after.status}`;
  });

  loadOn = false;
  await load;
  // Mails asked for while SMTP was away arrive once it is back, after the queue's backoff.
  const mailDeadline = Date.now() + MAIL_WAIT_MS;
  const wanted = mailsAsked + resetsAsked.length;
  while (smtp.received.length < wanted && Date.now() < mailDeadline) await sleep(1_000);
  await sleep(3_000);
  running = false;

  const texts = [...acked.keys()];
  const stored = await db2.query<{ client_send_id: string; n: number }>(
    'SELECT client_send_id, count(*)::int AS n FROM messages WHERE client_send_id = ANY($1) GROUP BY 1',
    [texts],
  );
  const counts = new Map(stored.rows.map((r) => [r.client_send_id, r.n]));
  const lost = texts.filter((t) => !counts.has(t)).length;
  const doubled = texts.filter((t) => (counts.get(t) ?? 0) > 1).length;
  const unseen = texts.filter((t) => !acked.get(t)!.to.seen.has(t)).length;
  const tmpFiles = execFileSync('find', [mediaDir, '-name', '*.tmp']).toString().split('\n').filter(Boolean);
  const alive = pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }).length;

  console.log('\nFault run');
  console.log(
    `  ${fans.length} fans and ${creators.length} creators on 2 processes, ${PHASE_SECONDS} s a phase`,
  );
  for (const p of phases) console.log(`  - ${p.name}: ${p.detail}`);
  console.log(
    `  sends acknowledged: ${texts.length} (${attempts} attempts); stored once: ${texts.length - lost - doubled}`,
  );
  console.log(`  sends given up unacknowledged after ${GIVE_UP_MS / 1000} s of retries: ${givenUp}`);
  console.log(`  lost: ${lost}, stored twice: ${doubled}, never reached the recipient: ${unseen}`);
  console.log(
    `  socket reconnects: ${people.reduce((n, p) => n + p.reconnects, 0)}, reloads after reconnect: ${people.reduce((n, p) => n + p.resyncs, 0)}`,
  );
  console.log(`  mails: ${smtp.received.length} of ${wanted} arrived (sign-up codes and resets)`);
  // An address's last mail is its reset; its first was the sign-up code.
  const resetTimes = resetsAsked.map((e) => smtp.received.findLast((m) => m.to === e)?.at);
  if (resetTimes.every(Boolean))
    console.log(
      `  the last reset mail arrived ${Math.round((Math.max(...(resetTimes as number[])) - smtpBackAt) / 1000)} s after SMTP was back`,
    );
  console.log(
    `  uploads: ${[...uploads].map(([k, v]) => `${k}: ${v}`).join(', ')}; partial files left: ${tmpFiles.length}`,
  );
  console.log(`  server processes still running: ${alive} of 2`);

  for (const p of people) p.ws?.terminate();
  await Promise.all(servers.map((s) => s.stop()));
  await db2.end();
  await smtp.stop();
  await admin.end();
  const failed =
    givenUp +
    lost +
    doubled +
    unseen +
    tmpFiles.length +
    (wanted - Math.min(wanted, smtp.received.length)) +
    (2 - alive);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
