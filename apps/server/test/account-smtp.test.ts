import { SUCCESS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { startSmtp } from './support/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;

const it = apiTest(async (onCleanup) => {
  smtp = await startSmtp();
  onCleanup(smtp.close);
  return { SMTP_URL: smtp.url };
});

async function mailTo(email: string, n = 1) {
  for (let i = 0; i < 250; i++) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length >= n) return mails[n - 1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail ${n} for ${email}`);
}

describe('verification over real SMTP', () => {
  it('delivers a readable text and HTML mail whose code verifies the account', async ({ api, call }) => {
    const { token, user } = await api.signUp();
    const mail = await mailTo(user.email);
    expect(mail.raw).toMatch(/^From: Parlor <no-reply@localhost>/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const code = mail.raw.match(/Your Parlor verification code is (\d{4})\./)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.raw).toMatch(new RegExp(`^Subject: ${code} is your Parlor verification code`, 'm'));
    const res = await call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUCCESS.emailVerified);
    expect(res.body.user.email_verified).toBe(true);
  });
});
