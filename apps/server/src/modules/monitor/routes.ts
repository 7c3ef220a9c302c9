import {
  idParamSchema,
  maintenanceInputSchema,
  maintenanceSchema,
  monitorListQuerySchema,
  monitorPageSchema,
  websiteMonitorSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { checkWebsite } from './check.ts';
import { getMonitor, listMonitor, setMaintenance } from './service.ts';

const tags = ['monitoring'];

export const monitorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.get(
    '/api/monitor',
    {
      config: { access: 'website-list' },
      schema: {
        summary: "The fleet's websites as the monitor sees them, the down ones first",
        tags,
        querystring: monitorListQuerySchema,
        response: { 200: monitorPageSchema },
      },
    },
    (request) => listMonitor(db, request.query),
  );

  app.get(
    '/api/websites/:id/monitor',
    {
      config: { access: 'website-list' },
      schema: {
        summary: "A website's last check, uptimes and last checks",
        tags,
        params: idParamSchema,
        response: { 200: websiteMonitorSchema },
      },
    },
    (request) => getMonitor(db, request.params.id),
  );

  app.post(
    '/api/websites/:id/monitor/check',
    {
      config: { access: 'website-update' },
      schema: {
        summary: 'Check a website now',
        tags,
        params: idParamSchema,
        response: { 200: websiteMonitorSchema },
      },
    },
    async (request) => {
      await getMonitor(db, request.params.id);
      await checkWebsite(context, request.params.id);
      return getMonitor(db, request.params.id);
    },
  );

  app.post(
    '/api/websites/:id/maintenance',
    {
      config: { access: 'website-update' },
      schema: {
        summary: "Start a website's maintenance: its alerts are muted until then",
        tags,
        params: idParamSchema,
        body: maintenanceInputSchema,
        response: { 200: maintenanceSchema },
      },
    },
    (request) => setMaintenance(db, request.params.id, new Date(request.body.until)),
  );

  app.delete(
    '/api/websites/:id/maintenance',
    {
      config: { access: 'website-update' },
      schema: {
        summary: "End a website's maintenance",
        tags,
        params: idParamSchema,
        response: { 200: maintenanceSchema },
      },
    },
    (request) => setMaintenance(db, request.params.id, null),
  );
};
