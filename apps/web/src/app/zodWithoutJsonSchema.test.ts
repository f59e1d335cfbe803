import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportedNames, standIn } from '../../zodWithoutJsonSchema';

// The web build swaps Zod's JSON Schema writer for a stand-in (4.7 KB brotli off every page). The
// schemas still import it and read a few getters through it, so it must keep pace with the real one.

const zodCore = path.dirname(createRequire(import.meta.url).resolve('zod/v4/core'));
const MODULES = ['json-schema-processors.js', 'to-json-schema.js'];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-zod-stand-in-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function load(file: string) {
  const real = await import(/* @vite-ignore */ pathToFileURL(path.join(zodCore, file)).href);
  const target = path.join(scratch, file.replace(/\.js$/, '.mjs'));
  const realFile = path.join(zodCore, file);
  fs.writeFileSync(target, standIn(fs.readFileSync(realFile, 'utf8'), realFile));
  const stand = await import(/* @vite-ignore */ pathToFileURL(target).href);
  return { real: real as Record<string, unknown>, stand: stand as Record<string, unknown> };
}

describe("the web build's stand-in for Zod's JSON Schema modules", () => {
  it.each(MODULES)('%s: exports every name the real module exports', async (file) => {
    const { real, stand } = await load(file);
    expect(exportedNames(fs.readFileSync(path.join(zodCore, file), 'utf8')).sort()).toEqual(
      Object.keys(real).sort(),
    );
    expect(Object.keys(stand).sort()).toEqual(Object.keys(real).sort());
  });

  it('answers the schemas’ bound getters (minLength, format, isInt…) as the real one does', async () => {
    const { real, stand } = await load('json-schema-processors.js');
    type Aggregate = (schema: unknown) => Record<string, unknown>;
    const schemas = [
      z.string().min(2).max(30),
      z.email(),
      z.string().uuid(),
      z.number().int().min(1).max(100),
      z.number().positive(),
      z.int(),
      z.array(z.string()).max(200),
    ];
    for (const schema of schemas) {
      const want = (real.aggregateChecks as Aggregate)(schema);
      const got = (stand.aggregateChecks as Aggregate)(schema);
      for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'format']) {
        expect(got[key], `${key} of ${schema.type}`).toEqual(want[key]);
      }
      expect(Boolean(got.isInt), `isInt of ${schema.type}`).toBe(Boolean(want.isInt));
    }
  });

  it('builds a schema’s standard JSON Schema methods without running them, and refuses to run them', async () => {
    const { stand } = await load('to-json-schema.js');
    const method = (stand.createStandardJSONSchemaMethod as (s: unknown, io: string) => () => unknown)(
      z.string(),
      'input',
    );
    expect(typeof method).toBe('function');
    expect(() => method()).toThrow('JSON Schema is not part of the web build');
    expect(() => (stand.finalize as () => unknown)()).toThrow('JSON Schema is not part of the web build');
  });
});
