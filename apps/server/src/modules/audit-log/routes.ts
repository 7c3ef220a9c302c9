import { auditLogPageSchema, auditLogQuerySchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { exportAuditLog, listAuditLog } from './service.ts';

const tags = ['audit-log'];

export const auditLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/audit-log/export',
    {
      config: { access: 'audit-list' },
      schema: exportRouteSchema(tags, 'audit log', auditLogQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportAuditLog(db, request.query)),
  );

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
