import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';

/**
 * Times every answer into the request histogram, by route pattern (never the raw URL, whose ids
 * would make a series each; `unmatched` for a 404). While the process stops, each answer also
 * closes the keep-alive connections left idle, which would otherwise hold the server open.
 */
export const requestMetricsPlugin = fp(
  async (app: FastifyInstance, { context }: { context: AppContext }) => {
    app.addHook('onResponse', async (request, reply) => {
      context.metrics.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      if (context.shutdown.stopping) setImmediate(() => app.server.closeIdleConnections());
    });
  },
);
