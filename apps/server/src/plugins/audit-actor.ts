import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAsActor } from '../db/audit.ts';

/**
 * Runs every request as its audit actor: the entries it writes record its address, browser and
 * id, and the user once the auth gate has read the session. Hooked before the auth gate, so that
 * the gate, the handler and the services all run inside it.
 */
export const auditActorPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    runAsActor(
      {
        userId: null,
        userName: null,
        tokenName: null,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
      },
      done,
    );
  });
});
