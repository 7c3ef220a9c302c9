import { auditLogPageSchema, auditLogQuerySchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listAuditLog } from './service.ts';

const tags = ['audit-log'];

export const auditLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/audit-log',
    {
      config: { access: 'audit-list' },
      schema: {
        tags,
        summary: 'The audit log: who did what, newest first',
        description: 'Each filter narrows the entries.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    (request) => listAuditLog(db, request.query),
  );
};
