import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port, or the one given: a mail server coming back where
 * the server under test already points); every mail it receives is kept as raw text.
 */
export async function startSmtp(port = 0, received: ReceivedMail[] = []) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port: (smtp.server.address() as AddressInfo).port,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A mail's text with quoted-printable soft line breaks and `=3D` undone, so links read whole. */
export const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
