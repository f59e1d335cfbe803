import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { mailCipherKey, openMail, type SealedMail, sealMail } from './sealed';
import type { Mail, MailTransport } from './transport';

export type { Mail } from './transport';

/** What a mail is for; each is a job kind of its own (`mail.password_reset`), so operators see which fail. */
export const MAIL_KINDS = [
  'verification',
  'password_reset',
  'sign_in_alert',
  'security',
  'team_invite',
  'notification',
  'digest',
  'other',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
const JOB_KINDS = MAIL_KINDS.map((k) => `mail.${k}`);

/**
 * Tries of one mail. Retries wait 2 s, 4 s … at most 10 minutes, so the last try comes about an
 * hour after the first: as long as a code or a reset link lives, after which the mail is no use.
 */
export const MAIL_ATTEMPTS = 14;

/** Jobs sent by this process whose "done" may not have been written: a retry finds them here. */
const REMEMBERED_SENDS = 1000;

export interface SendOptions {
  kind?: MailKind;
  /** Queues the mail in this transaction, so it exists only if the transaction commits; call `wake()` after. */
  db?: Kysely<DB>;
  /** At most one mail per key, ever: a job step that may run twice queues its mail once. */
  key?: string;
}

export interface MailEvent {
  outcome: 'sent' | 'retry' | 'failed';
  /** The job kind, `mail.<kind>`. */
  kind: string;
}

export interface Mailer {
  /**
   * Queues a mail durably and, unless it is queued in the caller's transaction, sends it at once;
   * a mail server that is down means retries with backoff (docs/operations.md), not a lost mail.
   */
  send(mail: Mail, options?: SendOptions): Promise<void>;
  /** Sends the queued mails now: after a transaction that queued one committed. */
  wake(): void;
  /** Every try's outcome (the metrics count them). */
  observe(listener: (event: MailEvent) => void): () => void;
  close(): Promise<void>;
}

interface MailPayload {
  sealed: SealedMail;
  /** The Message-ID of every try of this mail. */
  message_id: string;
}

/** `jo@example.com` as `j***@example.com`: enough to tell mails apart in a log, not an address to collect. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address[0]}***${address.slice(at)}`;
}

/**
 * Mail through the durable job queue: a job per mail, its text sealed with the mail key, sent by
 * whichever process claims it. Delivery is at least once: a process that dies after the mail
 * server accepted a mail and before the job was marked done sends it again (with the same
 * Message-ID, which mail apps use to fold repeats).
 */
export function createMailer(options: {
  queue: JobQueue;
  db: Kysely<DB>;
  transport: MailTransport;
  secret: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { queue, transport, log } = options;
  const key = mailCipherKey(options.secret);
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'parlor.local';
  const listeners = new Set<(event: MailEvent) => void>();
  const emit = (event: MailEvent) => {
    for (const l of listeners) l(event);
  };
  const sentHere = new Set<number>();

  const handler: JobHandler = async (step) => {
    // Sent, but the database did not take "done" (a blip): the retry must not mail it again.
    if (sentHere.has(step.id)) return { done: true };
    const payload = step.payload as MailPayload;
    const mail = openMail(key, payload.sealed);
    const masked = maskAddress(mail.to);
    const fields = { job_id: step.id, kind: step.kind, to: masked, attempts: step.attempts };
    try {
      await transport.deliver(mail, payload.message_id);
    } catch (err) {
      const last = step.attempts >= step.maxAttempts;
      emit({ outcome: last ? 'failed' : 'retry', kind: step.kind });
      if (last) log.error(fields, 'mail given up after its last try');
      // The job's last_error and the log show why, with the address masked as everywhere else.
      const e = err as { code?: string; message?: string };
      const reason = [e.code, e.message ?? String(err)].filter(Boolean).join(': ');
      throw new Error(reason.split(mail.to).join(masked));
    }
    sentHere.add(step.id);
    if (sentHere.size > REMEMBERED_SENDS) sentHere.delete(sentHere.values().next().value as number);
    emit({ outcome: 'sent', kind: step.kind });
    log.info(fields, 'mail sent');
    return { done: true };
  };
  for (const kind of JOB_KINDS) queue.register(kind, handler, { secretPayload: true });

  const wake = () => queue.runNow(JOB_KINDS);
  return {
    async send(mail, { kind = 'other', db, key: mailKey } = {}) {
      const payload: MailPayload = { sealed: sealMail(key, mail), message_id: `<${randomUUID()}@${domain}>` };
      const id = await queue.enqueue(
        {
          kind: `mail.${kind}`,
          key: mailKey ? `mail:${mailKey}` : null,
          payload,
          maxAttempts: MAIL_ATTEMPTS,
        },
        db ?? options.db,
      );
      if (id !== null)
        log.debug({ job_id: id, kind: `mail.${kind}`, to: maskAddress(mail.to) }, 'mail queued');
      if (!db) wake();
    },
    wake,
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      transport.close();
    },
  };
}
