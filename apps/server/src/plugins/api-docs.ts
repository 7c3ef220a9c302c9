import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MESSAGES, messageSchema, validationErrorSchema } from '@sitefleet/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The API's documentation: /api/docs is Swagger UI (from the swagger-ui-dist package, served from
 * here: no outside asset, and no inline script, as the Content-Security-Policy forbids them) and
 * /api/docs/json the OpenAPI document it reads.
 */

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sitefleet API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <link rel="icon" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/start.js"></script>
</body>
</html>`;

const START = `window.ui = SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  requestInterceptor: (request) => {
    request.headers['X-Requested-With'] = 'XMLHttpRequest';
    return request;
  },
});`;

export async function apiDocsRoutes(app: FastifyInstance) {
  const hidden = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/api/docs', hidden, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/api/docs/json', hidden, () => app.swagger());
  app.get<{ Params: { file: string } }>(
    '/api/docs/assets/:file',
    hidden,
    async (request, reply) => {
      const { file } = request.params;
      if (file === 'start.js') return reply.type(ASSETS['swagger-ui-bundle.js']!).send(START);
      const type = ASSETS[file];
      if (!type) return reply.status(404).send({ message: MESSAGES.notFound });
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(join(swaggerUiDir, file)));
    },
  );
}

const errorAnswer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: z.toJSONSchema(schema) } },
});

/**
 * A route's security in the document when it differs from the API's (a session or an API
 * token): none for a public route, the agent's token for the agent's, a session only where a
 * token is refused.
 */
export function routeSecurity(config: Pick<FastifyContextConfig, 'access' | 'sessionOnly'>) {
  if (config.access === 'public') return { security: [] };
  if (config.access === 'agent') return { security: [{ agentToken: [] }] };
  if (config.sessionOnly) return { security: [{ session: [] }] };
  return {};
}

/**
 * The error answers a route can give, from what it declares (the errors plugin and the auth gate
 * answer them alike for every route): 401 and 403 by its access, 404 by an id in its path, 422
 * by its input. Documentation only: the answers themselves are not checked against these.
 */
export function errorAnswers(
  route: { method: string | string[]; url: string; schema?: object },
  config: Pick<FastifyContextConfig, 'access' | 'sessionOnly'>,
) {
  const { access } = config;
  const answers: Record<string, object> = {};
  const input = (route.schema ?? {}) as Record<string, unknown>;
  if (access !== 'public') {
    answers[401] = errorAnswer(
      'Not signed in, or the API token (or agent token) is malformed, unknown, revoked or expired: the message says which.',
      messageSchema,
    );
    if (access !== 'agent' && !config.sessionOnly) {
      answers[429] = errorAnswer(
        "The API token's requests per minute are spent; Retry-After gives the seconds to wait.",
        messageSchema,
      );
    }
    const methods = [route.method].flat();
    if (
      access !== 'signed-in' ||
      config.sessionOnly ||
      methods.some((method) => method !== 'GET')
    ) {
      answers[403] = errorAnswer(
        'Not allowed: the ability is missing, a change came without X-Requested-With or from another origin, or an API token called a route for sessions only.',
        messageSchema,
      );
    }
  }
  if (route.url.includes(':')) answers[404] = errorAnswer(MESSAGES.notFound, messageSchema);
  if (input.body || input.querystring || input.params) {
    answers[422] = errorAnswer('Invalid input, with messages per field.', validationErrorSchema);
  }
  return answers;
}
