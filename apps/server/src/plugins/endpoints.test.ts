import { Writable } from 'node:stream';
import { endpoints } from '@parlor/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { requireDeclaredRoutes, route } from './endpoints';
import { registerErrorHandler } from './errors';

/** A bare Fastify with the app's compilers and error handler, whose log lines are kept. */
function bareApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  return { app, lines };
}

describe('route() registers an entry of the endpoint table', () => {
  it('checks the access rule before the handler runs', async () => {
    const { app } = bareApp();
    let ran = false;
    route(app, endpoints.chatTotals, () => {
      ran = true;
      return undefined as never;
    });
    const res = await app.inject({ method: 'GET', url: '/v1/chats/total' });
    expect(res.statusCode).toBe(401);
    expect(ran).toBe(false);
  });

  it('validates with the entry schemas and answers its success status', async () => {
    const { app } = bareApp();
    route(app, endpoints.health, () => ({ status: 'ok' as const }));
    route(app, endpoints.deleteNote, () => undefined);
    app.addHook('onRequest', async (request) => {
      request.auth = { user: { id: 'u1' } as never, tokenId: 't1' };
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const deleted = await app.inject({ method: 'DELETE', url: `/v1/notes/${'x'.repeat(65)}` });
    expect(deleted.statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: '/v1/notes/n1' })).statusCode).toBe(204);
  });

  it('leaves a reply the handler sent itself alone', async () => {
    const { app, lines } = bareApp();
    route(app, endpoints.generatedAvatar, async ({ reply }) => reply.type('image/svg+xml').send('<svg/>'));
    const res = await app.inject({ method: 'GET', url: '/v1/avatars/a.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<svg/>');
    await app.close();
    expect(lines.join('')).not.toContain('FST_ERR_REP_ALREADY_SENT');
  });
});

describe('requireDeclaredRoutes', () => {
  it('refuses an API route the table does not declare, and allows a declared one', async () => {
    const { app } = bareApp();
    requireDeclaredRoutes(app);
    expect(() => app.get('/v1/undeclared', async () => ({}))).toThrow(/not in the contract's endpoint table/);
    expect(() => route(app, endpoints.health, () => ({ status: 'ok' as const }))).not.toThrow();
  });
});
