import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security';

// The page's inline start script (apps/web/appPreload.ts) runs only if the policy names its hash.

describe('inlineScriptHashes', () => {
  it("names the hash of each attribute-less inline script of the built page, and nothing else's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-web-'));
    const script = '(function(){document.title="x"})()';
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<head><script type="module" src="/assets/index.js"></script><script>${script}</script></head>`,
    );
    const hash = createHash('sha256').update(script).digest('base64');
    expect(inlineScriptHashes(dir)).toEqual([`'sha256-${hash}'`]);
  });

  it('names none when the web app is not built', () => {
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'parlor-no-such-dir'))).toEqual([]);
  });
});
