import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on notification emails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Waits for mails still being sent, then releases the transport. */
  close(): Promise<void>;
}

/** Tracks sends in flight so shutdown does not cut a mail off halfway. */
function tracked(inner: { send(mail: Mail): Promise<void>; close(): void }): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      const p = inner.send(mail).finally(() => pending.delete(p));
      pending.add(p);
      return p;
    },
    async close() {
      await Promise.allSettled([...pending]);
      inner.close();
    },
  };
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise each mail is a .eml file in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { log } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return tracked({
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    });
  }
  const outbox = path.join(options.dataDir, 'outbox');
  // A mail is written beside the outbox and moved in whole: whoever reads the outbox (a person, a
  // test) never finds a file still being written.
  const partial = path.join(options.dataDir, 'outbox-partial');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return tracked({
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await Promise.all([fs.mkdir(outbox, { recursive: true }), fs.mkdir(partial, { recursive: true })]);
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}-${safeTo}.eml`;
      const file = path.join(outbox, name);
      try {
        await fs.writeFile(path.join(partial, name), info.message as Buffer);
        await fs.rename(path.join(partial, name), file);
      } catch (e) {
        // A full disk fails the send (the caller sees it) and keeps no part of the mail.
        await fs.rm(path.join(partial, name), { force: true });
        throw e;
      }
      log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
    },
    close: () => transport.close(),
  });
}
