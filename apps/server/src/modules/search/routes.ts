import { searchAnswerSchema, searchQuerySchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { searchRecords } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
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
    (request) => searchRecords(db, currentUser(request).abilities, request.query.query),
  );
};
