import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOwnServer } from './own-server';

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
  /**
   * The first link matching `link` in the `n`-th mail (1-based) to `email` whose raw text matches
   * `about`, waiting for it to arrive; quoted-printable soft breaks and escapes are undone first.
   */
  async function link(email: string, about: RegExp, pattern: RegExp, n = 1): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const mail = received.filter((m) => m.to.includes(email) && about.test(m.raw))[n - 1];
      const text = mail?.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const found = text?.match(pattern)?.[0];
      if (found) return found.replace(/&amp;/g, '&');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail ${n} matching ${about} for ${email}`);
  }
  return {
    port,
    received,
    code,
    link,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A Parlor server of the mail journeys' own, whose SMTP_URL points at the test's SMTP server. */
export function startServerWithSmtp(smtpPort: number, port: number, env: Record<string, string> = {}) {
  return startOwnServer(port, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, ...env });
}
