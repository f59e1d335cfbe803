import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * Where the API tests' servers write the error answers their endpoints gave but the API reference
 * does not list; set by declared-errors-setup.ts for the whole run, which fails when it is not empty.
 */
export const UNDECLARED_ERRORS_FILE = 'PARLOR_UNDECLARED_ERRORS_FILE';

/**
 * Records the error statuses each endpoint answers with; `check` compares them with the server's
 * own /v1/openapi.json, so that what the tests see the server answer is what the reference promises.
 */
export function watchDeclaredErrors(app: FastifyInstance) {
  const seen = new Map<string, Set<number>>();
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = (request.routeOptions.config as { endpoint?: string }).endpoint;
    // A 500 is a fault, never a promised answer (tests provoke some on purpose); 503 is listed everywhere.
    if (!endpoint || reply.statusCode < 400 || reply.statusCode === 500) return;
    const statuses = seen.get(endpoint) ?? new Set<number>();
    statuses.add(reply.statusCode);
    seen.set(endpoint, statuses);
  });

  return async function check() {
    const file = process.env[UNDECLARED_ERRORS_FILE];
    if (!file || seen.size === 0) return;
    const answer = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    // In maintenance every answer is the 503 each operation lists.
    if (answer.statusCode !== 200) return;
    const document = answer.json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const declared = new Map<string, Set<string>>();
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        declared.set(operation.operationId, new Set(Object.keys(operation.responses)));
      }
    }
    const lines: string[] = [];
    for (const [endpoint, statuses] of seen) {
      for (const status of statuses) {
        if (!declared.get(endpoint)?.has(String(status))) lines.push(`${endpoint} ${status}\n`);
      }
    }
    if (lines.length > 0) fs.appendFileSync(file, lines.join(''));
  };
}
