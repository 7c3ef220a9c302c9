import {
  agentTokenSchema,
  idParamSchema,
  idsSchema,
  instanceCreatedSchema,
  instanceInputSchema,
  instanceListQuerySchema,
  instanceLogsPageSchema,
  instanceLogsQuerySchema,
  instanceSchema,
  instancesPageSchema,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  createInstance,
  deleteInstance,
  deleteInstances,
  exportInstances,
  getInstance,
  instanceLogsPage,
  listInstances,
  rotateAgentToken,
  updateInstance,
} from './service.ts';

const tags = ['instances'];

export const instancesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/instances/export',
    {
      config: { access: 'instance-list' },
      schema: exportRouteSchema(tags, 'instances', instanceListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportInstances(db, request.query)),
  );

  app.get(
    '/api/instances',
    {
      config: { access: 'instance-list' },
      schema: {
        summary: 'List instances',
        tags,
        querystring: instanceListQuerySchema,
        response: { 200: instancesPageSchema },
      },
    },
    (request) => listInstances(db, request.query),
  );

  app.get(
    '/api/instances/:id',
    {
      config: { access: 'instance-list' },
      schema: {
        summary: 'One instance',
        tags,
        params: idParamSchema,
        response: { 200: instanceSchema },
      },
    },
    (request) => getInstance(db, request.params.id),
  );

  app.post(
    '/api/instances',
    {
      config: { access: 'instance-create' },
      schema: {
        summary: 'Create an instance',
        tags,
        body: instanceInputSchema,
        response: { 201: instanceCreatedSchema },
      },
    },
    async (request, reply) => {
      // The answer holds the agent's token, shown once: no cache may keep a copy.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await createInstance(db, request.body));
    },
  );

  app.put(
    '/api/instances/:id',
    {
      config: { access: 'instance-update' },
      schema: {
        summary: 'Update an instance',
        tags,
        params: idParamSchema,
        body: instanceInputSchema,
        response: { 200: instanceSchema },
      },
    },
    (request) => updateInstance(db, request.params.id, request.body),
  );

  app.delete(
    '/api/instances/:id',
    {
      config: { access: 'instance-delete' },
      schema: {
        summary: 'Delete an instance',
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    (request) => deleteInstance(db, currentUser(request), request.params.id),
  );

  app.delete(
    '/api/instances',
    {
      config: { access: 'instance-delete' },
      schema: {
        summary: 'Delete several instances',
        tags,
        body: idsSchema,
        response: { 200: messageSchema },
      },
    },
    (request) => deleteInstances(db, currentUser(request), request.body.ids),
  );

  app.post(
    '/api/instances/:id/rotate-token',
    {
      config: { access: 'instance-update' },
      schema: {
        summary: "Rotate an instance's agent token",
        tags,
        params: idParamSchema,
        response: { 200: agentTokenSchema },
      },
    },
    async (request, reply) => {
      // The token is shown once: no cache may keep a copy.
      reply.header('cache-control', 'no-store');
      return rotateAgentToken(db, request.params.id);
    },
  );

  app.get(
    '/api/instance_instructions',
    {
      config: { access: 'instance-logs' },
      schema: {
        summary: 'Instructions queued for instances',
        tags,
        querystring: instanceLogsQuerySchema,
        response: { 200: instanceLogsPageSchema },
      },
    },
    (request) => instanceLogsPage(db, request.query),
  );
};
