import {
  agentHeartbeatAnswerSchema,
  agentHeartbeatSchema,
  agentInstructionAnswerSchema,
  agentReportAnswerSchema,
  agentReportSchema,
  idParamSchema,
} from '@sitefleet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import type { AgentInstance } from './instructions.ts';
import {
  authenticateAgent,
  fetchInstruction,
  recordHeartbeat,
  reportInstruction,
  requestAddress,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The instance whose token an agent route was called with. */
    agentInstance: AgentInstance | null;
  }
}

/** A report carries whole articles: more than the API's usual body limit. */
const REPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const tags = ['agent'];
const security = [{ agentToken: [] }];
const config = { access: 'agent' } as const;

function agentOf(request: FastifyRequest): AgentInstance {
  if (!request.agentInstance) throw unauthenticated();
  return request.agentInstance;
}

/** The API of the instances' browser agents (bearer token of the instance). */
export const agentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.decorateRequest('agentInstance', null);
  // On request, before the body is read: a caller without a valid token learns nothing else.
  app.addHook('onRequest', async (request) => {
    request.agentInstance = await authenticateAgent(db, request.headers.authorization);
  });

  app.get(
    '/api/agent/instruction',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The instance's instruction",
        description:
          "Called at the instance's gap time. Answers the instruction not reported yet (marked sent, logged the first time), or null; `next_at` says when the next one is prepared.",
        response: { 200: agentInstructionAnswerSchema },
      },
    },
    (request) => fetchInstruction(db, agentOf(request), requestAddress(request.ip)),
  );

  app.post(
    '/api/agent/instructions/:id/report',
    {
      config,
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        summary: 'Report what an instruction generated',
        description:
          "`categories` or `posts`, as the instruction asks, at most its `limit` (more is refused with 422, nothing is created). The records are created unapproved on the instruction's website, in one transaction. 403: another instance's instruction; 409: already reported.",
        params: idParamSchema,
        body: agentReportSchema,
        response: { 200: agentReportAnswerSchema },
      },
    },
    (request) =>
      reportInstruction(
        db,
        agentOf(request),
        request.params.id,
        request.body,
        requestAddress(request.ip),
      ),
  );

  app.post(
    '/api/agent/heartbeat',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Record the instance's address and that it is alive",
        description:
          "Sets the instance's IP address (the reported one, else the request's) and last heartbeat; answers when the next instruction is prepared and the browser refresh.",
        body: agentHeartbeatSchema,
        response: { 200: agentHeartbeatAnswerSchema },
      },
    },
    (request) =>
      recordHeartbeat(db, agentOf(request), request.body.ip_address, requestAddress(request.ip)),
  );
};
