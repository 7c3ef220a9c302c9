import { livenessSchema, readinessSchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { mayReadMetrics, readiness } from './checks.ts';

/**
 * What a load balancer, an orchestrator and Prometheus ask: liveness, readiness and the metrics.
 * Probes come every few seconds: they log only warnings, and write no audit entry.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const probe = {
    config: { access: 'public' as const, queued: false },
    logLevel: 'warn' as const,
  };

  app.get(
    '/healthz',
    {
      ...probe,
      schema: {
        summary: 'Liveness: the process answers (the database is not asked)',
        tags: ['operations'],
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      ...probe,
      schema: {
        summary: 'Readiness: 503 naming the failed checks, and from the moment the process stops',
        tags: ['operations'],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const answer = await readiness(context, request.log);
      return reply.code(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );

  app.get(
    '/metrics',
    {
      ...probe,
      schema: {
        summary:
          'Prometheus metrics: with the METRICS_TOKEN bearer token, or from the loopback address when no proxy is in front',
        tags: ['operations'],
        response: { 200: z.string().describe('The Prometheus text exposition format') },
      },
    },
    async (request, reply) => {
      if (!mayReadMetrics(context.config, request)) throw forbidden();
      const { registry } = context.metrics;
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
};
