import {
  stagePeopleSchema,
  WORKFLOW_MESSAGES,
  WORKFLOW_OPTIONS_ACCESS,
  workflowOptionsSchema,
  workflowsResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  listWorkflows,
  stagePeople,
  updateWorkflow,
  workflowOptions,
} from './service.ts';

/** The review workflows (Parameters › Workflows), and their stages for the screens that move variants. */
export const workflowsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    workflowsResource,
    {
      list: (query, request) => listWorkflows(request.reads, query, workflowsResource.path),
      get: (id) => getWorkflow(db, id),
      create: (body) => createWorkflow(db, body),
      update: (id, body) => updateWorkflow(db, id, body),
      remove: async (id) => {
        await deleteWorkflow(db, id);
        return { message: WORKFLOW_MESSAGES.deleted };
      },
    },
    {
      summaries: {
        create: 'Create a workflow with its stages in order',
        update: 'Rename a workflow and rewrite its stages (each position keeps its variants)',
        remove: 'Delete a workflow no website uses (never the default one)',
      },
    },
  );

  app.get(
    '/api/workflows/options',
    {
      config: { access: WORKFLOW_OPTIONS_ACCESS },
      schema: {
        tags: ['workflows'],
        summary:
          "Every workflow and its stages, for moving variants and choosing a website's workflow",
        response: { 200: workflowOptionsSchema },
      },
    },
    () => workflowOptions(db),
  );

  app.get(
    '/api/workflows/stage-people',
    {
      config: { access: 'workflow-manage' },
      schema: {
        tags: ['workflows'],
        summary: 'The roles and users a stage may name, for the Workflows form',
        response: { 200: stagePeopleSchema },
      },
    },
    () => stagePeople(db),
  );
};
