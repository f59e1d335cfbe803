import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('the outbox (no SMTP_URL)', () => {
  it('keeps every mail, each whole, even many to one address at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-outbox-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Parlor <no-reply@parlor.local>',
      dataDir,
      log: Fastify({ logger: false }).log,
    });
    const subjects = Array.from({ length: 20 }, (_, i) => `${1000 + i} is your Parlor verification code`);
    await Promise.all(
      subjects.map((subject) =>
        mailer.send({ to: 'jo@example.com', subject, text: subject, html: `<p>${subject}</p>` }),
      ),
    );
    await mailer.close();

    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(subjects.length);
    const found = files.map(
      (f) => /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1],
    );
    expect(found.sort()).toEqual([...subjects].sort());
  });
});
