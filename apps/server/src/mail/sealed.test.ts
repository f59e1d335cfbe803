import { describe, expect, it } from 'vitest';
import { mailCipherKey, openMail, sealMail } from './sealed';

const mail = { to: 'jo@example.com', subject: '1234 is your code', text: 'code 1234', html: '<p>1234</p>' };

describe('a queued mail, sealed', () => {
  it('reads back whole with its key and shows nothing of itself without it', () => {
    const key = mailCipherKey('the stored secret');
    const sealed = sealMail(key, mail);
    expect(JSON.stringify(sealed)).not.toMatch(/1234|jo@example/);
    expect(openMail(key, sealed)).toEqual(mail);
    expect(() => openMail(mailCipherKey('another secret'), sealed)).toThrow();
  });

  it('refuses a payload someone altered', () => {
    const key = mailCipherKey('the stored secret');
    const sealed = sealMail(key, mail);
    const data = Buffer.from(sealed.data, 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() => openMail(key, { ...sealed, data: data.toString('base64url') })).toThrow();
  });
});
