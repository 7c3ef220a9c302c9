import { searchAnswerSchema, searchQuerySchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readFromReplica } from '../../plugins/reads.ts';
import { searchRecords } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  // The command palette's finds may be a moment behind the primary.
  readFromReplica(app);

  app.get(
    '/api/search',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Find websites, categories, posts, users and settings by name',
        description:
          'The command palette: the first five records of each kind whose name (or title, or path) contains the term. Only the kinds the caller may list are answered.',
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    (request) => searchRecords(request.reads, currentUser(request).abilities, request.query.query),
  );
};
