import type { Mail } from '../../src/mail/mailer';
import type { TestServer } from './server';

/**
 * Records every mail the server queues (it still goes to the outbox or SMTP as configured), so a
 * test can read the code a user received. The SMTP test reads it from a real SMTP server instead.
 */
export function mailbox(server: TestServer) {
  const mails: Mail[] = [];
  const mailer = server.app.ctx.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (mail, ...rest) => {
    mails.push(mail);
    await send(mail, ...rest);
  };
  return {
    mails,
    /** The newest code mailed to `email`; waits briefly because mails go out after the commit. */
    async lastCode(email: string): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const mail = mails.filter((m) => m.to === email).at(-1);
        const code = mail?.subject.match(/^(\d{4}) /)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no code mailed to ${email}`);
    },
    count: (email: string) => mails.filter((m) => m.to === email).length,
  };
}
export type Mailbox = ReturnType<typeof mailbox>;

/** The reset link of the newest reset mail to `email` past the first `after`, waiting for it (mails go out after the commit). */
export async function resetLink(mail: Mailbox, email: string, after = 0): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const resets = mail.mails.filter((m) => m.to === email && m.subject === 'Reset your Parlor password');
    const found =
      resets.length > after ? resets.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/) : null;
    if (found) return new URL(found[0]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}
