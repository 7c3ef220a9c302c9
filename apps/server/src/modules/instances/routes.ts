import {
  agentTokenSchema,
  instanceLogsPageSchema,
  instanceLogsQuerySchema,
  instancesResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerSecretRotation, registerStandardRoutes } from '../../resources/standard-routes.ts';
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
  registerStandardRoutes(
    app,
    instancesResource,
    {
      list: (query, request) => listInstances(request.reads, query),
      export: (query, request) => exportInstances(request.reads, query),
      get: (id) => getInstance(db, id),
      create: (body) => createInstance(db, body),
      update: (id, body) => updateInstance(db, id, body),
      remove: (id, request) => deleteInstance(db, currentUser(request), id),
      removeMany: (ids, request) => deleteInstances(db, currentUser(request), ids),
    },
    // The answer holds the agent's first token, shown once.
    { noStore: ['create'] },
  );

  registerSecretRotation(app, '/api/instances/:id/rotate-token', {
    access: 'instance-update',
    summary: "Rotate an instance's agent token",
    tags,
    answer: agentTokenSchema,
    rotate: (id) => rotateAgentToken(db, id),
  });

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
