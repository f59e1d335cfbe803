import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on notification emails). */
  headers?: Record<string, string>;
}

/** Hands one mail to the mail server (or the outbox); throws when it was not accepted. */
export interface MailTransport {
  /** `messageId` is the same on every try of one mail, so a mail app can tell a repeat from a new mail. */
  deliver(mail: Mail, messageId: string): Promise<void>;
  close(): void;
}

/**
 * A try gives up well within a job's lease (60 s), so no other process takes the mail over and
 * sends it a second time while this one still waits on a silent server.
 */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
};

/** SMTP through nodemailer when SMTP_URL is set; otherwise each mail is a .eml file in DATA_DIR/outbox. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async deliver(mail, messageId) {
        await transport.sendMail({ from: options.from, messageId, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  // A mail is written beside the outbox and moved in whole: whoever reads the outbox (a person, a
  // test) never finds a file still being written.
  const partial = path.join(options.dataDir, 'outbox-partial');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail, messageId) {
      const info = await transport.sendMail({ from: options.from, messageId, ...mail });
      await Promise.all([fs.mkdir(outbox, { recursive: true }), fs.mkdir(partial, { recursive: true })]);
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${Date.now()}-${randomUUID().slice(0, 8)}-${safeTo}.eml`;
      try {
        await fs.writeFile(path.join(partial, name), info.message as Buffer);
        await fs.rename(path.join(partial, name), path.join(outbox, name));
      } catch (e) {
        // A full disk fails this try (the job retries it) and keeps no part of the mail.
        await fs.rm(path.join(partial, name), { force: true });
        throw e;
      }
    },
    close: () => transport.close(),
  };
}
