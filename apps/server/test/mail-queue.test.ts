import { ACCOUNT_BASICS_MESSAGES, SUCCESS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { mailbox } from './support/mailbox';
import { manualClock, type TestServer } from './support/server';
import { startSmtp, unfolded } from './support/smtp';
import type { World } from './support/world';

const METRICS_TOKEN = 'metrics-token-0123456789';
const MINUTE = 60_000;

const clock = manualClock();
/** The port SMTP_URL names; a mail server listens there only while the test says so. */
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
const received: Awaited<ReturnType<typeof startSmtp>>['received'] = [];

const it = apiTest(
  async (onCleanup) => {
    const probe = await startSmtp();
    port = probe.port;
    await probe.close();
    onCleanup(() => smtp?.close());
    return { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, METRICS: 'true', METRICS_TOKEN };
  },
  { clock },
).extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

const mailJobs = (server: TestServer) =>
  server.app.ctx.db.selectFrom('jobs').selectAll().where('kind', 'like', 'mail.%').orderBy('id').execute();
const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
const askReset = (w: World, login: string) =>
  w.api.call('POST', '/v1/auth/password-reset', { body: { login } });
/** Runs every retry that is due by the manual clock, `ms` from now. */
async function later(server: TestServer, ms: number) {
  clock.advance(ms);
  await server.app.ctx.queue.drain();
}

describe('mail while the mail server is down', () => {
  it('keeps a sign-up code and a reset link, and sends each once when the server is back', async ({
    server,
    w,
    mail,
  }) => {
    const { token, user } = await w.api.signUp();
    const reset = await askReset(w, user.email);
    expect(reset.status).toBe(202);
    expect(reset.body.message).toBe(ACCOUNT_BASICS_MESSAGES.resetRequested);

    // Each mail was tried at once, failed, and waits for its retry.
    await expect
      .poll(
        async () =>
          (await mailJobs(server)).map((j) => [j.kind, j.status, j.attempts, j.last_error !== null]),
        {
          timeout: 10_000,
        },
      )
      .toEqual([
        ['mail.verification', 'queued', 1, true],
        ['mail.password_reset', 'queued', 1, true],
      ]);
    // Whoever reads the table reads neither the code nor the link nor the address.
    const stored = JSON.stringify(await mailJobs(server));
    for (const m of mail.mails) {
      expect(stored).not.toContain(m.subject);
      expect(stored).not.toContain(m.to);
    }
    expect(stored).not.toMatch(/reset-password|verification code/);

    smtp = await startSmtp(port, received);
    await later(server, MINUTE);
    expect(mailsTo(user.email)).toHaveLength(2);

    const [codeMail, resetMail] = mailsTo(user.email).map((m) => unfolded(m.raw));
    const code = /Your Parlor verification code is (\d{4})\./.exec(codeMail!)?.[1];
    const verified = await w.api.call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(SUCCESS.emailVerified);
    const link = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(resetMail!)?.[1];
    const confirmed = await w.api.call('POST', '/v1/auth/password-reset/confirm', {
      body: { token: decodeURIComponent(link!), password: 'a-new-secret-1' },
    });
    expect(confirmed.status).toBe(200);

    // Sent means done: no retry sends them again, and their text is gone from the table.
    await later(server, 60 * MINUTE);
    expect(mailsTo(user.email)).toHaveLength(2);
    for (const job of await mailJobs(server)) expect(job).toMatchObject({ status: 'done', payload: {} });
  });

  it('gives a mail up after about an hour of retries and shows it to operators, without its text', async ({
    server,
    w,
    mail,
  }) => {
    const admin = await w.admin();
    await expect.poll(() => mailsTo(admin.user.email).length, { timeout: 10_000 }).toBe(1);
    await smtp?.close();
    smtp = undefined;

    const { user } = await w.api.signUp();
    expect((await askReset(w, user.username)).status).toBe(202);
    const secrets = mail.mails.filter((m) => m.to === user.email);
    expect(secrets).toHaveLength(2);
    const pending = async () => (await mailJobs(server)).filter((j) => j.status !== 'done');
    await expect
      .poll(async () => (await pending()).map((j) => j.attempts), { timeout: 10_000 })
      .toEqual([1, 1]);

    for (let minutes = 1; minutes <= 45; minutes++) await later(server, MINUTE);
    expect((await pending()).map((j) => j.status)).toEqual(['queued', 'queued']);
    for (let minutes = 46; minutes <= 120 && (await pending()).some((j) => j.status !== 'failed'); minutes++)
      await later(server, MINUTE);
    const dead = await pending();
    expect(dead.map((j) => [j.kind, j.status, j.attempts === j.max_attempts, j.payload])).toEqual([
      ['mail.verification', 'failed', true, {}],
      ['mail.password_reset', 'failed', true, {}],
    ]);
    expect(mailsTo(user.email)).toHaveLength(0);

    const res = await w.api.call('GET', '/v1/admin/jobs', { token: admin.token });
    expect(res.status).toBe(200);
    const failed = (res.body.failed as { kind: string; attempts: number; last_error: string }[]).filter((j) =>
      j.kind.startsWith('mail.'),
    );
    expect(failed.map((j) => j.kind).sort()).toEqual(['mail.password_reset', 'mail.verification']);
    for (const j of failed) {
      expect(j.attempts).toBe(dead[0]!.max_attempts);
      expect(j.last_error).toMatch(/ECONNREFUSED/);
    }
    const shown = JSON.stringify(res.body);
    for (const m of secrets) {
      expect(shown).not.toContain(m.subject);
      expect(shown).not.toContain(m.to);
    }
    expect(shown).not.toMatch(/reset-password|verification code/);

    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((r) => r.text());
    expect(metrics).toMatch(/^parlor_mail_failed_total\{kind="mail.password_reset"\} 1$/m);
    expect(metrics).toMatch(/^parlor_mail_failed_total\{kind="mail.verification"\} 1$/m);
    expect(metrics).toMatch(/^parlor_jobs_failed\{kind="mail.password_reset"\} 1$/m);
  });
});
