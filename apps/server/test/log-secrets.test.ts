import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from './support/client';
import { mailbox } from './support/mailbox';
import { startServer, type TestServer } from './support/server';
import { startSmtp } from './support/smtp';
import { connectSocket } from './support/socket';

/** A server whose every log line, debug included, is kept for the test to read. */
async function loggedServer(overrides: Record<string, string> = {}) {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  const server = await startServer({ LOG_LEVEL: 'debug', ...overrides }, { logStream });
  return { server, log: () => lines.join('') };
}

/**
 * Signs up, verifies the address with the mailed code, resets the password with the mailed link,
 * signs in (mailed as a new device) and opens a socket: answers every secret that passed through the server on the way.
 */
async function wholeJourney(server: TestServer) {
  const api = client(server.url);
  const mail = mailbox(server);
  const signedUp = await api.signUp();
  const code = await mail.lastCode(signedUp.user.email);
  const verified = await api.call('POST', '/v1/users/verify-email', {
    token: signedUp.token,
    body: { code },
  });
  expect(verified.status).toBe(200);

  expect(
    (await api.call('POST', '/v1/auth/password-reset', { body: { login: signedUp.user.email } })).status,
  ).toBe(202);
  await expect.poll(() => mail.count(signedUp.user.email), { timeout: 5000 }).toBe(2);
  const resetText = mail.mails.filter((m) => m.to === signedUp.user.email).at(-1)!.text;
  const link = /^http\S*reset-password\?token=(\S+)$/m.exec(resetText)!;
  const resetToken = decodeURIComponent(link[1]!);
  const newPassword = 'brand-new-secret-42';
  const confirmed = await api.call('POST', '/v1/auth/password-reset/confirm', {
    body: { token: resetToken, password: newPassword },
  });
  expect(confirmed.status).toBe(200);

  const signedIn = await api.call('POST', '/v1/auth', {
    body: { login: signedUp.user.username, password: newPassword },
  });
  expect(signedIn.status).toBe(200);
  const accessToken = signedIn.body.access_token as string;
  // That sign-in is from a device the account has not used: its mail's link ends the session.
  await expect.poll(() => mail.count(signedUp.user.email), { timeout: 5000 }).toBe(3);
  const endLink = /https?:\/\/\S+\/v1\/auth\/sessions\/end\?token=(\S+)/.exec(
    mail.mails.filter((m) => m.to === signedUp.user.email).at(-1)!.text,
  )!;
  const socket = await connectSocket(server.url, accessToken);
  socket.close();
  return {
    code,
    secrets: {
      password: signedUp.password,
      newPassword,
      codeSubject: mail.mails[0]!.subject,
      resetLink: link[0],
      resetToken,
      resetTokenInUrl: link[1]!,
      signUpToken: signedUp.token,
      accessToken,
      endSessionLink: endLink[0],
      endSessionToken: endLink[1]!,
    },
  };
}

/** The log names none of the secrets, but does show the requests that carried them. */
async function expectNoSecrets(
  read: () => string,
  { code, secrets }: Awaited<ReturnType<typeof wholeJourney>>,
) {
  await expect.poll(read).toContain('/v1/ws?token=[redacted]');
  const log = read();
  expect(log).toContain('/v1/auth/password-reset/confirm');
  for (const [name, secret] of Object.entries(secrets)) {
    const at = log.indexOf(secret);
    expect(at === -1 ? 'absent' : `${name} in: ${log.slice(Math.max(0, at - 200), at + 50)}`).toBe('absent');
  }
  // Four digits also occur in ids and figures: the code is looked for as a word in the lines' texts.
  const texts = log
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => strings(JSON.parse(line)));
  expect(texts.filter((t) => new RegExp(`(?<![0-9])${code}(?![0-9])`).test(t))).toEqual([]);
}

/** Every string value in a log line, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the log of a whole account journey', () => {
  describe('with mail to the outbox', () => {
    let s: Awaited<ReturnType<typeof loggedServer>>;
    beforeAll(async () => {
      s = await loggedServer();
    });
    afterAll(() => s?.server.close());

    it('holds no password, code, reset link or access token', async () => {
      await expectNoSecrets(s.log, await wholeJourney(s.server));
    });
  });

  describe('with mail over SMTP', () => {
    let s: Awaited<ReturnType<typeof loggedServer>>;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      s = await loggedServer({ SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await s?.server.close();
      await smtp?.close();
    });

    it('holds no password, code, reset link or access token', async () => {
      const seen = await wholeJourney(s.server);
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(3);
      await expectNoSecrets(s.log, seen);
    });
  });
});
