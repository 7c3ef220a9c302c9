import { auditLogResource } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { exportAuditLog, listAuditLog } from './service.ts';

export const auditLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    auditLogResource,
    {
      list: (query) => listAuditLog(db, query),
      export: (query) => exportAuditLog(db, query),
    },
    {
      summaries: {
        list: 'The audit log: who did what, newest first',
        export: 'Export the audit log list as CSV',
      },
    },
  );
};
