import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Delivery attempts of a variant and 'retry now', for Detailed Review. */
export async function publishingRoutes(_app: FastifyInstance, _context: AppContext) {}
