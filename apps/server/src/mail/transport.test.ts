import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailTransport } from './transport';

describe('the outbox (no SMTP_URL)', () => {
  it('keeps every mail, each whole, even many to one address at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-outbox-'));
    const transport = createMailTransport({
      smtpUrl: undefined,
      from: 'Parlor <no-reply@parlor.local>',
      dataDir,
    });
    const subjects = Array.from({ length: 20 }, (_, i) => `${1000 + i} is your Parlor verification code`);
    await Promise.all(
      subjects.map((subject, i) =>
        transport.deliver(
          { to: 'jo@example.com', subject, text: subject, html: `<p>${subject}</p>` },
          `<${i}@parlor.local>`,
        ),
      ),
    );
    transport.close();

    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(subjects.length);
    const found = files.map(
      (f) => /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1],
    );
    expect(found.sort()).toEqual([...subjects].sort());
  });
});
