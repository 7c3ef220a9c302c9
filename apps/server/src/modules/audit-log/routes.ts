import { auditLogResource } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { exportAuditLog, listAuditLog } from './service.ts';

export const auditLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  registerStandardRoutes(
    app,
    auditLogResource,
    {
      list: (query, request) => listAuditLog(request.reads, query),
      export: (query, request) => exportAuditLog(request.reads, query),
    },
    {
      summaries: {
        list: 'The audit log: who did what, newest first',
        export: 'Export the audit log list as CSV',
      },
    },
  );
};
