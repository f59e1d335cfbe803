import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Received {
  to: string[];
  raw: string;
}

interface SmtpServerLike {
  server: Server;
  listen(port: number, host: string, cb: () => void): void;
  close(cb: () => void): void;
}

/**
 * A real SMTP server for journeys that read mail (the `smtp-server` package the server's tests use,
 * borrowed from apps/server like start-server.mjs borrows pg). Every message is kept as raw text.
 */
export async function startSmtp() {
  const { SMTPServer } = createRequire(path.join(root, 'apps/server/package.json'))('smtp-server') as {
    SMTPServer: new (options: object) => SmtpServerLike;
  };
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(
      stream: NodeJS.ReadableStream,
      session: { envelope: { rcptTo: { address: string }[] } },
      callback: () => void,
    ) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  /** The code of the `n`-th mail (1-based) to `email`, waiting for it to arrive. */
  async function code(email: string, n = 1): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const mail = received.filter((m) => m.to.includes(email))[n - 1];
      const found = mail?.raw.match(/^Subject: (\d{4}) /m)?.[1];
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail ${n} for ${email}`);
  }
  return { port, received, code, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/**
 * A second Parlor server for mail journeys, started through start-server.mjs (fresh data, its own
 * PostgreSQL database when configured) with SMTP_URL pointing at the test's SMTP server.
 */
export async function startServerWithSmtp(smtpPort: number, port: number) {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'e2e/start-server.mjs')], {
    cwd: path.join(root, 'e2e'),
    // One process: the run's second-process port belongs to the main harness.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'E2E_SECOND_PORT')),
      E2E_PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error('the mail server process stopped');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
