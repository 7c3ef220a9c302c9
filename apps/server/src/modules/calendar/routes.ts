import { calendarAnswerSchema, calendarQuerySchema, hasAbility } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, websiteScope } from '../../plugins/auth.ts';
import { calendarItems } from './service.ts';

export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/calendar',
    {
      // Either list's ability opens the calendar; it then shows only the kinds the caller may list.
      config: { access: ['post-list', 'category-list'], websiteScoped: true },
      schema: {
        tags: ['calendar'],
        summary: 'What is scheduled, published and failed in a range',
        description: `The variants scheduled in [from, to) and the website publishes that succeeded or failed then (each publish job's latest attempt), oldest first: at most 5,000 items, \`truncated\` when there were more. The range may span up to 92 days.`,
        querystring: calendarQuerySchema,
        response: { 200: calendarAnswerSchema },
      },
    },
    (request) => {
      const { abilities } = currentUser(request);
      const kinds = (['category', 'post'] as const).filter((kind) =>
        hasAbility(abilities, `${kind}-list`),
      );
      return calendarItems(context.db, request.query, kinds, websiteScope(request));
    },
  );
};
