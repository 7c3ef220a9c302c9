import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The API of the instances' browser agents (bearer token of the instance). */
export async function agentRoutes(_app: FastifyInstance, _context: AppContext) {}
