import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoints';
import { buildOpenApi } from './openapi';

/** The page's own address; its assets live beneath it. */
export const REFERENCE_PATH = '/api';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const version = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The renderer's files the page loads, by the name it asks for, and their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// No inline script, so the page runs under the app's policy (scripts from this origin only). The
// validator badge would ask validator.swagger.io about the document: it is turned off.
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(endpoints.openApi.path)},
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  defaultModelsExpandDepth: 0,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Parlor API reference</title>
    <link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
  </head>
  <body>
    <main id="reference" aria-label="Parlor API reference"></main>
    <script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_PATH}/reference.js"></script>
  </body>
</html>
`;

/** Renderer files change only with its pinned version: a day's caching, revalidated after. */
const ASSET_CACHE = 'public, max-age=86400';

/**
 * The API reference: `GET /v1/openapi.json`, generated from the contract's endpoint table the first
 * time it is asked for (about 0.2 s, kept from then on, so a start pays nothing), and a page at
 * `/api` that renders it with Swagger UI from this server's own files. Registered before the
 * modules, so it sees which of their routes carry a rate limit.
 */
export function registerReferenceRoutes(app: FastifyInstance) {
  const rateLimited = new Set<string>();
  app.addHook('onRoute', (options) => {
    const config = options.config as { endpoint?: string; rateLimit?: unknown } | undefined;
    if (config?.endpoint && config.rateLimit) rateLimited.add(config.endpoint);
  });
  let document: string | undefined;
  route(app, endpoints.openApi, ({ reply }) => {
    document ??= JSON.stringify(buildOpenApi({ rateLimited, version }));
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });

  app.get(REFERENCE_PATH, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${REFERENCE_PATH}/reference.js`, (_request, reply) =>
    reply.header('cache-control', ASSET_CACHE).type('text/javascript; charset=utf-8').send(START_SCRIPT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${REFERENCE_PATH}/${file}`, (_request, reply) =>
      reply
        .header('cache-control', ASSET_CACHE)
        .type(type)
        .send(fs.createReadStream(path.join(swaggerDir, file))),
    );
  }
}
