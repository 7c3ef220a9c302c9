import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Files whose names carry their content's hash (Vite's `assets/`): a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';

/**
 * Serves the built web app, and answers every other GET outside /api with index.html so that the
 * client-side router resolves deep links. Paths under /api answer a JSON 404. The build writes
 * each file's brotli and gzip copies beside it (`.br`, `.gz`): the one the request's
 * Accept-Encoding prefers is sent as it is, the plain file to a client that accepts neither.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexPath = join(options.distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const hashedDir = join(options.distDir, 'assets') + sep;
  if (indexHtml) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public', queued: false };
      });
      await scope.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, path) => {
          response.setHeader('cache-control', path.startsWith(hashedDir) ? IMMUTABLE : ONE_HOUR);
          response.setHeader('vary', 'accept-encoding');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.status(404).send({ message: MESSAGES.notFound });
  });
});
