import fs from 'node:fs';
import path from 'node:path';
import { type Endpoint, endpoints } from '@parlor/contract';
import { validate } from '@readme/openapi-parser';
import { describe, expect } from 'vitest';
import { openApiPath } from '../src/modules/reference/openapi';
import { apiTest } from './support/api-test';

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> }>;
  'x-parlor-seat'?: unknown;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

const INDEX =
  '<!doctype html><html lang="en"><head><title>Parlor</title></head><body><div id="root"></div></body></html>';

// A built web app, so the SPA fallback is live and could swallow the reference's paths.
const it = apiTest((onCleanup) => {
  const web = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'parlor-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), INDEX);
  onCleanup(() => fs.rmSync(web, { recursive: true, force: true }));
  return { WEB_DIR: web };
});

async function openApi(url: string): Promise<Document> {
  const res = await fetch(`${url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Document;
}

describe('GET /v1/openapi.json', () => {
  it('describes every endpoint of the table by its method and path, and nothing else', async ({ server }) => {
    const doc = await openApi(server.url);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const table = Object.entries(endpoints) as [string, Endpoint][];
    for (const [name, e] of table) {
      const operation = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(operation?.operationId, `${name}: ${e.method} ${e.path}`).toBe(name);
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(table.length);
    expect(Object.keys(doc.paths)).toContain('/v1/admin/users/{id}/{action}');
  });

  it('is a valid OpenAPI document', async ({ server }) => {
    const result = await validate((await openApi(server.url)) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('writes path parameters as OpenAPI does, each one a required path parameter', async ({ server }) => {
    const doc = await openApi(server.url);
    const updateNote = doc.paths[openApiPath(endpoints.updateNote.path)]!.patch!;
    expect(openApiPath(endpoints.updateNote.path)).not.toContain(':');
    for (const [, param] of endpoints.updateNote.path.matchAll(/:([A-Za-z_]+)/g)) {
      expect(updateNote.parameters).toContainEqual(
        expect.objectContaining({ name: param, in: 'path', required: true }),
      );
    }
    const listChats = doc.paths['/v1/chats']!.get!;
    expect(listChats.parameters).toContainEqual(
      expect.objectContaining({ name: 'search', in: 'query', required: false }),
    );
  });

  it('says who may call each endpoint: the session header, and what a team seat needs', async ({
    server,
  }) => {
    const doc = await openApi(server.url);
    const me = doc.paths['/v1/users/me']!.get!;
    expect(me.security).toContainEqual({ accessToken: [] });
    expect(me.responses['401']).toBeDefined();
    const health = doc.paths['/healthz']!.get!;
    expect(health.security).toEqual([]);
    expect(health.responses['401']).toBeUndefined();
    const payouts = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(payouts.find((o) => o.operationId === 'listSessions')?.['x-parlor-seat']).toBe('never');
    expect(payouts.find((o) => o.operationId === 'getChat')?.['x-parlor-seat']).toEqual(['chats']);
  });

  it('answers with the contract’s schemas and the shared error shape', async ({ server }) => {
    const doc = await openApi(server.url);
    const listChats = doc.paths['/v1/chats']!.get!;
    expect(listChats.responses['200']?.content?.['application/json']?.schema.$ref).toBe(
      '#/components/schemas/ChatList',
    );
    expect(doc.components.schemas.ChatList?.properties).toBeDefined();
    const errorBody = doc.components.schemas.ErrorBody;
    expect(Object.keys(errorBody?.properties ?? {})).toEqual(
      expect.arrayContaining(['message', 'code', 'field']),
    );
    // A body is read as its input: the sign-up form's fields, as sent.
    const signUp = doc.paths[openApiPath(endpoints.signUp.path)]!.post!;
    const bodyRef = signUp.requestBody?.content['application/json']?.schema.$ref ?? '';
    expect(doc.components.schemas[bodyRef.replace('#/components/schemas/', '')]?.properties).toHaveProperty(
      'username',
    );
  });

  it('lists the error answers that apply: 404 for a thing by id, 409 where declared, 413 for a body, 429 where a route is limited', async ({
    server,
  }) => {
    const doc = await openApi(server.url);
    const signIn = doc.paths[openApiPath(endpoints.signIn.path)]!.post!;
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['400', '413', '429', '503']));
    const deleteNote = doc.paths[openApiPath(endpoints.deleteNote.path)]!.delete!;
    expect(Object.keys(deleteNote.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '503']));
    expect(deleteNote.responses['404']?.$ref).toBe('#/components/responses/NotFound');
    // A conflict the service answers with, declared on its entry.
    const buyMessage = doc.paths[openApiPath(endpoints.buyMessage.path)]!.patch!;
    expect(buyMessage.responses['409']?.$ref).toBe('#/components/responses/Conflict');
    expect(deleteNote.responses['409']).toBeUndefined();
    const chatTotals = doc.paths['/v1/chats/total']!.get!;
    expect(chatTotals.responses['400']).toBeUndefined();
    expect(chatTotals.responses['413']).toBeUndefined();
    expect(chatTotals.responses['423']).toBeUndefined();
  });

  it('lists what every write may answer and what a tip may: frozen, not JSON, short of credits, a blocked country', async ({
    server,
  }) => {
    const doc = await openApi(server.url);
    const tip = doc.paths[openApiPath(endpoints.sendTip.path)]!.post!;
    expect(Object.keys(tip.responses)).toEqual(
      expect.arrayContaining(['402', '409', '415', '422', '423', '451']),
    );
    expect(tip.responses['402']?.$ref).toBe('#/components/responses/PaymentRequired');
    expect(tip.responses['451']?.$ref).toBe('#/components/responses/UnavailableInCountry');
    const upload = doc.paths[openApiPath(endpoints.uploadMedia.path)]!.post!;
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['406', '413', '507']));
    // An endpoint that reads a session when one is sent answers 401 to an expired one.
    const feed = doc.paths[openApiPath(endpoints.listFeed.path)]!.get!;
    expect(Object.keys(feed.responses)).toEqual(expect.arrayContaining(['401', '451']));
    expect(feed.responses['423']).toBeUndefined();
  });
});

/** The `src` and `href` of every element of a page. */
const referencesOf = (html: string) => [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);

describe('the API reference page at /api', () => {
  it('is a page of its own (not the app), whose every asset is on this server and loads', async ({
    server,
  }) => {
    const res = await fetch(`${server.url}/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toBe(INDEX);
    expect(html).toContain('Parlor API reference');
    const assets = referencesOf(html);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/[^/]/);
      const loaded = await fetch(`${server.url}${asset}`);
      expect(loaded.status, asset).toBe(200);
      expect(loaded.headers.get('content-type'), asset).toMatch(/text\/(css|javascript)/);
      expect((await loaded.text()).length, asset).toBeGreaterThan(0);
    }
    // Its scripts run under the app's policy: from this origin only, none inline.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script>/);
  });

  it('the start script reads this server’s document and asks no validator elsewhere', async ({ server }) => {
    const script = await (await fetch(`${server.url}/api/reference.js`)).text();
    expect(script).toContain('"/v1/openapi.json"');
    expect(script).toContain('validatorUrl: null');
  });

  it('a missing file beneath /api is a 404, not the app’s page', async ({ server }) => {
    const res = await fetch(`${server.url}/api/missing.js`);
    expect(res.status).toBe(404);
    // While any other path still gets the app.
    expect(await (await fetch(`${server.url}/chats`)).text()).toBe(INDEX);
  });
});
