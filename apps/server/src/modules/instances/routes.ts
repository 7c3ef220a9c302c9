import {
  agentTokenSchema,
  instanceLogsPageSchema,
  instanceLogsQuerySchema,
  instancesResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerSecretRotation, registerStandardRoutes } from '../../resources/standard-routes.ts';
import { plainHandlers } from '../../resources/standard-service.ts';
import { createInstance, instanceLogsPage, instanceResource, rotateAgentToken } from './service.ts';

const tags = ['instances'];

export const instancesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    instancesResource,
    { ...plainHandlers(db, instanceResource), create: (body) => createInstance(db, body) },
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
