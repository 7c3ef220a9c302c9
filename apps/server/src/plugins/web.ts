import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app, and answers every other GET outside /api with index.html so that the
 * client-side router resolves deep links. Paths under /api answer a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexPath = join(options.distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public', queued: false };
      });
      await scope.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        maxAge: '1h',
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
