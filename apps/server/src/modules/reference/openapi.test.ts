import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi';

describe('the OpenAPI document', () => {
  it('names every schema it refers to, and no schema nothing refers to', () => {
    const doc = buildOpenApi({ rateLimited: new Set(), version: '0.0.0' }) as {
      components: { schemas: Record<string, unknown> };
    };
    const refs = new Set(
      [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!),
    );
    expect(refs.size).toBeGreaterThan(100);
    for (const id of refs) expect(doc.components.schemas, id).toHaveProperty([id]);
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...refs].sort());
  });
});
